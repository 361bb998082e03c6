/** A signed-in administrator of a bench's server: the session cookie and the Origin its requests carry. */
export type AdminSession = { serverUrl: string; origin: string; cookie: string };

/** Signs in through `POST /auth/login` (no second factor) and keeps the session cookie. */
export const signInAdmin = async (
  serverUrl: string,
  admin: { email: string; password: string },
): Promise<AdminSession> => {
  const origin = new URL(serverUrl).origin;
  const response = await fetch(new URL('/auth/login', serverUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`sign-in failed (${response.status}): ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith('rmm_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('sign-in answered no session cookie');
  return { serverUrl, origin, cookie };
};
