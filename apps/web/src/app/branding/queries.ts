import { useQuery } from '@tanstack/react-query';
import { brandingApi } from './api.ts';

export const brandingKeys = {
  public: ['branding'] as const,
  videoTutorials: ['branding', 'videoTutorials'] as const,
};

/**
 * The branding of the console (name, logo, colour, help parts), read once per page load and kept: it
 * changes only when an administrator saves it, and that save refreshes this key.
 */
export const useBrandingQuery = () =>
  useQuery({ queryKey: brandingKeys.public, queryFn: brandingApi.get, staleTime: Number.POSITIVE_INFINITY });

export type HelpFlagsShown = {
  /** The help menu button and panel. */
  isHelpShown: boolean;
  isArticlesShown: boolean;
  isSubmitTicketShown: boolean;
  isVideoTutorialsShown: boolean;
  /** The academy link, when configured: open `loginPath` (a GET the server answers with a redirect). */
  academy: { name: string; loginPath: string } | null;
};

/**
 * Spec §6: which parts of the help menu a branded console shows. Until the branding arrives nothing is
 * shown; if it cannot be read, everything but the academy is (the server refuses what it must anyway).
 */
export const useHelpFlags = (): HelpFlagsShown => {
  const { data, isError } = useBrandingQuery();
  if (!data)
    return {
      isHelpShown: isError,
      isArticlesShown: isError,
      isSubmitTicketShown: isError,
      isVideoTutorialsShown: false,
      academy: null,
    };
  return {
    isHelpShown: data.help.enabled,
    isArticlesShown: data.help.articles,
    isSubmitTicketShown: data.help.submitTicket,
    isVideoTutorialsShown: data.help.videoTutorials,
    academy: data.help.academy ? data.academy : null,
  };
};

/** The configured video tutorials, for the help panel; read only when the branding says there are some. */
export const useVideoTutorialsQuery = () => {
  const { isVideoTutorialsShown } = useHelpFlags();
  return useQuery({
    queryKey: brandingKeys.videoTutorials,
    queryFn: brandingApi.videoTutorials,
    enabled: isVideoTutorialsShown,
    staleTime: Number.POSITIVE_INFINITY,
  });
};
