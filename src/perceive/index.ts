/** Perception: page snapshots, and the form-type and field-type classifiers over them. */
export type { ButtonSnapshot, FieldLabelSources, FieldSnapshot, FormSnapshot, LinkSnapshot, PageSnapshot } from './types.ts';
export { snapshotHtml, snapshotPage, type SnapshotOptions } from './snapshot.ts';
export * from './classify.ts';
