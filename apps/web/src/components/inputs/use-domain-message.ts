import { englishMessages } from '@rmm/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type Template = { id: string; pattern: RegExp; literalLength: number };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The domain's checks answer with filled-in English text; the longest literal wins, so that
// "greater than or equal to {min}" is not read as "greater than {min}" with min "or equal to 5".
const templates: readonly Template[] = Object.entries(englishMessages)
  .map(([id, text]) => ({
    id,
    pattern: new RegExp(`^${escapeRegExp(text).replace(/\\\{(\w+)\\\}/g, '(?<$1>.+)')}$`),
    literalLength: text.replace(/\{\w+\}/g, '').length,
  }))
  .sort((a, b) => b.literalLength - a.literalLength);

/** The message id and placeholder values behind a domain message text, if it is one. */
export const parseDomainMessage = (
  text: string,
): { id: string; params: Record<string, string> } | undefined => {
  for (const { id, pattern } of templates) {
    const match = pattern.exec(text);
    if (match) return { id, params: { ...match.groups } };
  }
  return undefined;
};

/** Shows a domain check's message through the console catalog (`spec.<id>`), so it can be translated. */
export const useDomainMessage = () => {
  const { t } = useTranslation();
  return useCallback(
    (text: string | undefined): string | undefined => {
      if (text === undefined) return undefined;
      const parsed = parseDomainMessage(text);
      return parsed ? t(`spec.${parsed.id}`, parsed.params) : text;
    },
    [t],
  );
};
