/**
 * Development: the API on :3001 restarting on change, and Vite on :5173 with hot reload,
 * proxying /api to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('tsx', ['watch', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: '3001' } }),
  spawn('vite', [], { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
