/**
 * What the build writes beside the bundle besides code (build.mjs bundles this
 * to a throw-away module and runs it): the same functions the server would
 * otherwise run at start, done once.
 */

export { writeEmptyDatabase } from './db/write-empty-database';
export { writeCompiledDictionary } from './modules/search';
