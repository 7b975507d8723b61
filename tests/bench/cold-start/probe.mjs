// One cold start as the Lambda Node.js runtime pays it: a fresh process importing the handler module.
// Prints the CPU time of the process's main thread (bootstrap included), the work that sits on the cold
// start's path whatever else runs on the machine (V8's background compiler threads are left out). Node
// before 23.9 has no per-thread figure: the whole process's CPU time is printed instead.
import { pathToFileURL } from 'node:url';

const module = await import(pathToFileURL(process.argv[2]).href);
if (typeof module.handler !== 'function') {
  console.error(`${process.argv[2]} exports no handler function`);
  process.exit(3);
}
const { user, system } = process.threadCpuUsage ? process.threadCpuUsage() : process.cpuUsage();
process.stdout.write(JSON.stringify({ cpuMs: (user + system) / 1000 }));
