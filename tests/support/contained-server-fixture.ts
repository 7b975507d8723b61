import { createReadStream } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { awsJsonErrorAnswer, containEmulator, containedErrors } from '../../infra/local/containment';

/**
 * A stand-in emulator with the bugs that used to take the local stack down, run in its own process by
 * tests/unit/emulator-containment.test.ts: a stream 'error' nobody listens to (s3rver's missing part),
 * a rejected promise in a request handler, a synchronous throw. Prints its port; a line on stdin
 * raises an error outside any request.
 */
const server = http.createServer((req, res) => {
  if (req.url === '/stream-error') {
    createReadStream('/nonexistent/_S3rver_uploads/1').pipe(res);
    return;
  }
  if (req.url === '/rejection') {
    void (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('async bug');
    })();
    return;
  }
  if (req.url === '/throw') throw new Error('sync bug');
  if (req.url === '/contained') {
    res.end(String(containedErrors().length));
    return;
  }
  res.end('ok');
});
containEmulator(server, 'fixture', awsJsonErrorAnswer('InternalFailure'));
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as AddressInfo).port}`));
process.stdin.on('data', () => {
  throw new Error('a bug outside any emulator request');
});
