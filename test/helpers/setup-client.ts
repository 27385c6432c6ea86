/** A tiny browser for the /setup pages: a cookie jar, no redirects followed, the last form token kept. */
export interface SetupAnswer {
  status: number;
  location: string | null;
  text: string;
  csrf: string | undefined;
}

export function createSetupClient(origin: string) {
  const jar = new Map<string, string>();
  const request = async (
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<SetupAnswer> => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await fetch(`${origin}${path}`, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie ? { Cookie: cookie } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin } : {}),
        ...headers,
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = (pair ?? '').split('=');
      if (name && value !== undefined) jar.set(name.trim(), value.trim());
    }
    const text = await answer.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    return { status: answer.status, location: answer.headers.get('location'), text, csrf };
  };
  return { request, jar };
}
