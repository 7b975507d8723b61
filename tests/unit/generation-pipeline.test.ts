import { readFileSync } from 'node:fs';
import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { functions, type FunctionDefinition } from '../../infra/functions';
import { routes } from '../../infra/routes';
import { stateMachineFile, stateMachines } from '../../infra/state-machines/catalogue';
import { describeGenerationFailure } from '../../shared/generation/failure';
import { CreateMusicRequest, StemSplitRequest } from '../../shared/schemas/generation';
import { causeMessage, classifyFailure } from '../../lambdas/_lib/generation/failures';
import { failureView } from '../../lambdas/_lib/generation/views';
import { anonymousClientId, dayOf, monthOf, viewerAddress } from '../../lambdas/_lib/generation/metering';
import { SYNTH_STEM_MAP } from '../../lambdas/_lib/generation/tasks';

type State = {
  Type: string;
  Resource?: string;
  Next?: string;
  Retry?: { ErrorEquals: string[] }[];
  Catch?: { ErrorEquals: string[]; Next: string }[];
  TimeoutSeconds?: number;
  TimeoutSecondsPath?: string;
};
const asl = JSON.parse(readFileSync(stateMachineFile('generate-then-split'), 'utf8')) as {
  StartAt: string;
  QueryLanguage?: string;
  States: Record<string, State>;
};
const catalogue = stateMachines[0];

describe('generate-then-split.asl.json', () => {
  it('is valid ASL (JSONPath) once its placeholders are Lambda ARNs', () => {
    expect(asl.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
    let text = readFileSync(stateMachineFile('generate-then-split'), 'utf8');
    for (const [placeholder, fn] of Object.entries(catalogue.tasks)) {
      text = text.split(`\${${placeholder}}`).join(`arn:aws:lambda:us-east-1:000000000000:function:${fn}`);
    }
    expect(text).not.toMatch(/\$\{\w+\}/);
    expect(() => new StateMachine(JSON.parse(text))).not.toThrow();
  });

  it('tells the story Reserve → GenerateAndStoreWav → SplitStems → RecordTrack, uploads entering at SplitStems', () => {
    const path: string[] = [];
    for (let name: string | undefined = 'Reserve'; name; name = asl.States[name]?.Next) path.push(name);
    expect(path).toEqual(['Reserve', 'GenerateAndStoreWav', 'SplitStems', 'RecordTrack', 'Done']);
    expect(asl.States[asl.StartAt]?.Type).toBe('Choice');
  });

  it('sends every failure of the main path to Refund, then MarkFailed, then a Fail state', () => {
    for (const name of ['Reserve', 'GenerateAndStoreWav', 'SplitStems', 'RecordTrack']) {
      expect(asl.States[name]?.Catch).toEqual([
        expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'Refund' }),
      ]);
    }
    expect(asl.States.Refund?.Next).toBe('MarkFailed');
    expect(asl.States.MarkFailed?.Next).toBe('Failed');
    expect(asl.States.Failed?.Type).toBe('Fail');
  });

  it('retries transient provider errors on Generate, and bounds Generate and SplitStems in time', () => {
    const retried = asl.States.GenerateAndStoreWav?.Retry?.flatMap((r) => r.ErrorEquals) ?? [];
    expect(retried).toEqual(
      expect.arrayContaining(['ProviderRateLimit', 'ProviderServerError', 'Lambda.TooManyRequestsException']),
    );
    expect(retried).not.toContain('ProviderUnauthorized');
    expect(asl.States.GenerateAndStoreWav?.TimeoutSecondsPath).toBe('$.limits.generateSeconds');
    expect(asl.States.SplitStems?.TimeoutSecondsPath).toBe('$.limits.splitSeconds');
  });

  it('targets only catalogue functions marked pipelineTask, none of them routed', () => {
    const defs = functions as readonly FunctionDefinition[];
    for (const fn of Object.values(catalogue.tasks)) {
      expect(defs.find((d) => d.name === fn)?.pipelineTask).toBe(true);
      expect(routes.some((r) => r.functionName === fn)).toBe(false);
    }
    const used = Object.values(asl.States).flatMap((s) => (s.Resource ? [s.Resource] : []));
    expect(new Set(used)).toEqual(new Set(Object.keys(catalogue.tasks).map((p) => `\${${p}}`)));
  });
});

describe('failed job: code and message', () => {
  it.each([
    ['States.Timeout', 'TIMEOUT'],
    ['ProviderTimeout', 'TIMEOUT'],
    ['Sandbox.Timedout', 'TIMEOUT'],
    ['ProviderRateLimit', 'RATE_LIMIT'],
    ['ProviderServerError', 'SERVER_ERROR'],
    ['ProviderUnauthorized', 'UNAUTHORIZED'],
    ['ProviderTaskNotFound', 'TASK_NOT_FOUND'],
    ['Lambda.ServiceException', 'SERVER_ERROR'],
    ['TypeError', 'SERVER_ERROR'],
    ['ProviderBadRequest', 'UNKNOWN'],
    ['SomethingElse', 'UNKNOWN'],
  ])('%s → %s, shown by the web as that code', (name, code) => {
    const failure = classifyFailure({ Error: name, Cause: 'x' }, false);
    expect(failure.code).toBe(code);
    expect(describeGenerationFailure(failure).code).toBe(code);
  });

  it('a timeout after a refund reads "credits refunded" on the web; without a refund it does not', () => {
    const refunded = classifyFailure({ Error: 'States.Timeout' }, true);
    expect(refunded).toEqual({ code: 'TIMEOUT', params: { refunded: 1 } });
    expect(describeGenerationFailure({ code: refunded.code, refunded: true }).message).toBe(
      'Tempo esgotado — seus créditos foram reembolsados automaticamente.',
    );
    const plain = classifyFailure({ Error: 'States.Timeout' }, false);
    expect(plain).toEqual({ code: 'TIMEOUT', params: {} });
    expect(describeGenerationFailure(plain).message).toBe('Tempo esgotado — tente novamente.');
  });

  it('stores a code and params, never a sentence: neither our refusals nor internals reach the job', () => {
    const cause = JSON.stringify({
      errorType: 'BadRequest',
      errorMessage: 'O job terminou sem áudio ou sem stems.',
      trace: [],
    });
    expect(classifyFailure({ Error: 'BadRequest', Cause: cause }, false)).toEqual({
      code: 'UNKNOWN',
      params: {},
    });
    expect(causeMessage(cause)).toBe('O job terminou sem áudio ou sem stems.');
    expect(causeMessage('plain text')).toBe('plain text');
    expect(JSON.stringify(classifyFailure({ Error: 'TypeError', Cause: 'secret stack' }, false))).not.toMatch(
      /secret/,
    );
  });

  it('reads a job stored with a pt-BR sentence (before codes) as its code, the refund from refundedAt', () => {
    const old = {
      id: 'x',
      kind: 'generate',
      status: 'failed',
      progress: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as const;
    expect(
      failureView({
        ...old,
        refundedAt: '2026-01-01T00:00:00.000Z',
        error: {
          code: 'TIMEOUT',
          message: 'A geração excedeu o tempo limite. Seus créditos foram reembolsados.',
        },
      }),
    ).toEqual({ code: 'TIMEOUT', params: { refunded: 1 } });
    expect(failureView({ ...old, error: { code: 'GONE_CODE', message: 'Ocorreu um erro.' } })).toEqual({
      code: 'UNKNOWN',
      params: {},
    });
  });

  it("maps the synthesizer's exact stems onto the splitter's four names", () => {
    expect(SYNTH_STEM_MAP).toEqual({ vocals: 'lead', drums: 'drums', bass: 'bass', other: 'chords' });
  });
});

describe('generation schemas', () => {
  it('defaults style Techno and duration 60, trims, drops empty lyrics', () => {
    expect(CreateMusicRequest.parse({ description: '  noite  ', lyrics: '' })).toEqual({
      description: 'noite',
      style: 'Techno',
      duration: 60,
    });
  });

  it.each([
    [{ description: '' }],
    [{ description: '   ' }],
    [{ description: 'x', style: 'Reggae' }],
    [{ description: 'x', duration: 45 }],
    [{ description: 'x', duration: '60' }],
    [{}],
  ])('refuses %j', (body) => {
    expect(CreateMusicRequest.safeParse(body).success).toBe(false);
  });

  it('accepts every spec style and duration', () => {
    for (const style of ['Techno', 'House', 'Trap', 'Hip-Hop', 'Pop', 'Rock', 'Ambient', 'Drum & Bass']) {
      for (const duration of [30, 60, 90, 120]) {
        expect(CreateMusicRequest.safeParse({ description: 'x', style, duration }).success).toBe(true);
      }
    }
  });

  it('a stem split needs an upload id', () => {
    expect(StemSplitRequest.safeParse({}).success).toBe(false);
    expect(StemSplitRequest.parse({ uploadId: ' abc ' })).toEqual({ uploadId: 'abc' });
  });
});

describe('anonymous quota key', () => {
  it('counts the CloudFront viewer, not the edge, and never stores the address itself', () => {
    expect(viewerAddress({ 'cloudfront-viewer-address': '198.51.100.10:46532' }, '10.0.0.1')).toBe(
      '198.51.100.10',
    );
    expect(viewerAddress({ 'cloudfront-viewer-address': '2001:DB8::1:46532' }, '10.0.0.1')).toBe(
      '2001:db8::1',
    );
    expect(viewerAddress({}, '10.0.0.1')).toBe('10.0.0.1');
    expect(viewerAddress({ 'cloudfront-viewer-address': 'not an ip' }, '10.0.0.1')).toBe('10.0.0.1');
    const id = anonymousClientId('198.51.100.10', 'salt');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toContain('198');
    expect(anonymousClientId('198.51.100.11', 'salt')).not.toBe(id);
  });

  it('meters by UTC month and day', () => {
    const at = new Date('2026-01-31T23:59:59Z');
    expect(monthOf(at)).toBe('2026-01');
    expect(dayOf(at)).toBe('2026-01-31');
  });
});
