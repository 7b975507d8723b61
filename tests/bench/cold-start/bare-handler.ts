/** The reference of tests/bench/cold-start: a one-line handler, bundled like every catalogue function. */
export const handler = async () => ({ statusCode: 200, body: 'ok' });
