/** The learned policy's arithmetic: n-step returns, advantages, entropy, and the A3C loss (tfjs). */
export { advantages, entropy, nStepReturns, softmax } from './returns.ts';
export { a3cLoss, type A3cLoss, type A3cLossOptions, type RolloutStep } from './a3c-loss.ts';
