/** WebNav: goal-driven navigation tasks built from a crawl (links and search forms), and the agents that solve them. */
export { buildGraph, adjacency, shortestPaths, pathTo, EDGE_KINDS, type EdgeKind, type SiteGraph, type GraphEdge, type GraphNode } from './graph.ts';
export { selectQueries, splitByTarget, rankSentences, SPLITS, type Split, type SelectedQuery } from './queries.ts';
export { buildTask, buildTaskFromPages, writeTask, loadTask, readTaskFiles, taskFromFiles, DEFAULT_TASK, type Task, type TaskExample, type TaskFiles, type TaskStats, type BuildTaskOptions } from './task.ts';
export { OfflineEnv, PageReader, type NavAgent, type NavEnv, type NavEdge, type NavPage, type NavQuery, type NavLimits, type NavResult, type NavContext } from './env.ts';
export { bfsAgent, randomAgent, siteSearchAgent } from './baselines.ts';
export { beamSearch, type BeamPath, type StepScores } from './beam.ts';
export { evaluateAgent, type EvalResult, type EvalDetails, type EvalOptions } from './evaluate.ts';
export { NeuralAgent, loadModel, saveModel, hasModel, modelPath } from './neural/agent.ts';
export { trainNeural, TRAIN_DEFAULTS, type TrainOptions, type TrainReport } from './neural/train.ts';
export const AGENT_NAMES = ['random', 'bfs', 'site-search', 'neural'] as const;
export type AgentName = (typeof AGENT_NAMES)[number];
