// Loads the render thread from TypeScript source (tests, `npm start` under tsx); the built daemon loads
// render-worker.js directly (see pool.ts).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./render-worker.ts');

export default worker.default;
export const readPage = worker.readPage;
