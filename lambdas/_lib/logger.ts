import { Logger } from '@aws-lambda-powertools/logger';

type LogLevel = NonNullable<ConstructorParameters<typeof Logger>[0]>['logLevel'];

/** One structured JSON logger per container; LOG_LEVEL (DEBUG|INFO|WARN|ERROR) tunes it. */
export const logger = new Logger({
  serviceName: '5d-platform',
  logLevel: (process.env.LOG_LEVEL ?? 'INFO') as LogLevel,
});
