import { type KnowledgeBaseErrorCode, knowledgeBaseErrorCodes, knowledgeBaseMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/** A knowledge-base error (KB_ARTICLE_NOT_FOUND, KB_FOLDER_NOT_EMPTY...) with its status and text. */
export const knowledgeBaseError = (code: KnowledgeBaseErrorCode) =>
  new DomainError(code, knowledgeBaseMessages[code], { statusCode: knowledgeBaseErrorCodes[code] });
