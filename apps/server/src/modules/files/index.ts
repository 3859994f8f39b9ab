/** The files module's public entry: other modules import from here only. */
export { cleanFilename } from './filename';
export { type PreparedFile, prepareFile } from './inspect';
export { refuseOverQuota, reserveQuota } from './quota';
export { fileRoutes } from './routes';
export { UploadSlots } from './upload-slots';
