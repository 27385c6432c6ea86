/**
 * What a sandbox started without options answers on and accepts: `pressbridge sandbox` uses these, and the setup
 * names them as the marketplace to try pressbridge with (src/setup/api-address.ts).
 */
export const DEFAULT_SANDBOX_PORT = 8090;
export const DEFAULT_SANDBOX_API_KEY = 'sandbox-key';
/** The address `pressbridge sandbox` listens on without `--port`. */
export const DEFAULT_SANDBOX_URL = `http://127.0.0.1:${DEFAULT_SANDBOX_PORT}`;
