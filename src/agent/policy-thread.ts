/**
 * The body of an agent's worker thread: its copy of the policy network, driven by the
 * messages of `PolicyThreads` (load parameters, evaluate a state, compute a rollout's
 * gradients), one at a time, each answered under the request's id.
 */
import { parentPort } from 'node:worker_threads';
import { initTf } from '../perceive/tf-backend.ts';
import { LocalPolicy } from './policy-compute.ts';
import type { ThreadReply, ThreadRequest } from './policy-thread-messages.ts';

const port = parentPort;
if (!port) throw new Error('policy-thread.ts runs as a worker thread (see policy-threads.ts)');

const { backend } = await initTf();
const local = await LocalPolicy.create();

port.on('message', (m: ThreadRequest) => {
  let reply: ThreadReply;
  try {
    switch (m.op) {
      case 'load':
        local.load(m.params);
        reply = { id: m.id, ok: true, result: null };
        break;
      case 'evaluate':
        reply = { id: m.id, ok: true, result: local.evaluate(m.state, m.candidates) };
        break;
      case 'gradients':
        reply = { id: m.id, ok: true, result: local.gradients(m.request) };
        break;
    }
  } catch (err) {
    reply = { id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true, backend } satisfies ThreadReply);
