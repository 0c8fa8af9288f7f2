/**
 * One tfjs for training: @tensorflow/tfjs-node when it is installed (optional dependency),
 * else @tensorflow/tfjs with the WebAssembly backend, else its pure-JS cpu backend.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

type Tf = typeof import('@tensorflow/tfjs');

let ready: Promise<{ tf: Tf; backend: string }> | undefined;

export function initTf(): Promise<{ tf: Tf; backend: string }> {
  ready ??= pick();
  return ready;
}

async function pick(): Promise<{ tf: Tf; backend: string }> {
  const quiet = process.env['SURFACER_TF_QUIET'] === '1';
  const done = (tf: Tf): { tf: Tf; backend: string } => {
    const backend = tf.getBackend();
    if (!quiet) process.stderr.write(`surfacer: tfjs backend ${backend}\n`);
    return { tf, backend };
  };
  try {
    const nodeName = '@tensorflow/tfjs-node';
    const tf = (await import(nodeName)) as Tf;
    await tf.ready();
    return done(tf);
  } catch {
    /* not installed: fall back */
  }
  const tf = await import('@tensorflow/tfjs');
  if (process.env['SURFACER_TF_BACKEND'] !== 'cpu') {
    try {
      const wasm = await import('@tensorflow/tfjs-backend-wasm');
      const require = createRequire(import.meta.url);
      const dist = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));
      wasm.setWasmPaths(`${join(dist, '/')}`);
      if (await tf.setBackend('wasm')) {
        await tf.ready();
        return done(tf);
      }
    } catch {
      /* wasm unavailable: use cpu */
    }
  }
  await tf.setBackend('cpu');
  await tf.ready();
  return done(tf);
}
