/** English strings of features/auth/ (keys under auth.); i18n/en.ts gathers every area's. */
export const authStrings = {
  'auth.signIn': 'Sign in',
  'auth.signingIn': 'Signing in…',
  'auth.email': 'Email',
  'auth.password': 'Password',
  'auth.signOut': 'Sign out',
  'auth.welcome': 'Sign in to manage your customers’ devices',
} as const;
