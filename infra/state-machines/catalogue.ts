/**
 * The state machines and, for each, which Lambda of infra/functions.ts each `${…}` Resource placeholder
 * of its ASL file stands for. CDK turns the placeholders into the functions' ARNs
 * (`definitionSubstitutions`); the local runner (infra/local/step-functions.ts) runs the same handlers
 * in process. One list, so the two cannot disagree.
 */
export interface StateMachineDefinition {
  /** Also the file name under infra/state-machines/ (`<name>.asl.json`). */
  readonly name: string;
  readonly description: string;
  /** Placeholder (without `${}`) → function name. */
  readonly tasks: Readonly<Record<string, string>>;
}

export const stateMachines = [
  {
    name: 'generate-then-split',
    description: 'Reserve → generate → store WAV → split stems → record track; failures refund once',
    tasks: {
      ReserveFunctionArn: 'pipeline-reserve',
      GenerateFunctionArn: 'pipeline-generate',
      SplitFunctionArn: 'pipeline-split',
      RecordFunctionArn: 'pipeline-record',
      RefundFunctionArn: 'pipeline-refund',
      MarkFailedFunctionArn: 'pipeline-mark-failed',
    },
  },
] as const satisfies readonly StateMachineDefinition[];

export type StateMachineName = (typeof stateMachines)[number]['name'];

export function stateMachineFile(name: string): string {
  return `infra/state-machines/${name}.asl.json`;
}
