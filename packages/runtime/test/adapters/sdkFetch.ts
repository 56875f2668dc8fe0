/** A `fetch` that answers each request with the next of `answers` (as JSON) and keeps each request's body: a real SDK client's server. */
export function scriptedFetch(answers: unknown[]): { fetch: typeof fetch; bodies: Record<string, unknown>[] } {
  const bodies: Record<string, unknown>[] = [];
  const replies = [...answers];
  const fake = async (_input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(replies.shift()), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch: fake as typeof fetch, bodies };
}
