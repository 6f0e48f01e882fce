// Node options of the portal's server process: `npm start` (package.json) passes them, and so
// does everything that starts the server as users do (end-to-end tests, benchmarks).
//
// --min-semi-space-size=16: V8's young generation (where each request's short-lived objects
// are made) starts at 1 MB and grows only with sustained survival, so under load the server
// ran a scavenge every few hundred requests. Kept at 16 MB per semi-space it scavenges about
// a sixteenth as often, for up to 32 MB more memory: 37.8 -> 32.0 µs of CPU per answer of
// GET /api/institution/{id} on PostgreSQL (interleaved A/B, median of 8 rounds; 32 MB gained
// nothing more). See docs/decisions/003-api-conventions.md.
export const SERVER_NODE_OPTIONS = ['--min-semi-space-size=16'];
