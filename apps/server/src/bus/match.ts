/** NATS subject matching: `*` is one token, `>` (last) is one or more tokens. */
export const subjectMatches = (pattern: string, subject: string): boolean => {
  const want = pattern.split('.');
  const have = subject.split('.');
  for (let i = 0; i < want.length; i++) {
    const token = want[i];
    if (token === '>') return have.length > i;
    if (i >= have.length) return false;
    if (token !== '*' && token !== have[i]) return false;
  }
  return want.length === have.length;
};

export const isWildcard = (subject: string) => subject.split('.').some((t) => t === '*' || t === '>');
