/**
 * `npm run catalogue:reindex`: (re)builds the catalogue's index entries, stats, vocabulary and creator
 * directory for every published beat, with the same indexer the table's stream feeds
 * (lambdas/_lib/catalogue/indexer.ts). For a deployed table: once after the catalogue indexer is first
 * deployed on a table that already has beats, or after a change of the entry layout. It reads the
 * published beats a page at a time (maintenance, not a request path).
 *
 *   TABLE_NAME=<the Data stack's table> AWS_REGION=<region> npm run catalogue:reindex   (AWS credentials)
 *
 * Locally, `npm start` does this by itself when its data dir needs it (infra/local/catalogue-index.ts).
 */
if (!process.env.TABLE_NAME) {
  console.error('Set TABLE_NAME (and AWS_REGION, with credentials) to the table to re-index.');
  process.exit(2);
}
const { reindexPublished } = await import('../lambdas/_lib/catalogue/indexer');
export {};
const started = performance.now();
const total = await reindexPublished((done) => console.log(`  ${done} beats indexed`));
console.log(`${total} published beats indexed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
