// Which strings may be a GitHub owner or repository name in a message or a URL we build. GitHub
// allows letters, digits, `-`, `_` and `.` (owners are stricter; this is the union); `.` and `..`
// are refused because, as a path segment, they would climb out of the repository's URLs.
const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;

export function isGitHubName(value) {
  return typeof value === 'string' && NAME_PATTERN.test(value) && value !== '.' && value !== '..';
}
