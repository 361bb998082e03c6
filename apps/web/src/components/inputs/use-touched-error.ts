import { useState } from 'react';
import { useDomainMessage } from './use-domain-message.ts';

/**
 * A field's message appears once the user has left the field (or pasted into it) and then follows what
 * they type, so nobody is told off for a number they are still typing.
 */
export const useTouchedError = (message: string | undefined) => {
  const [isTouched, setTouched] = useState(false);
  const translate = useDomainMessage();
  return { error: isTouched ? translate(message) : undefined, touch: () => setTouched(true) };
};
