// The `strata` backup engine (issue 18): an encrypted, deduplicated repository on a folder or the server's store.
export {};
