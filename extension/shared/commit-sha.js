// A full commit id as GitHub writes it in pages, URLs and payloads.
export const COMMIT_SHA = /^[0-9a-f]{40}$/;
