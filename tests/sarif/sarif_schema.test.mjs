// Validates `atom-review review --format sarif` on every corpus diff against the official SARIF
// 2.1.0 schema (draft-04, with ajv), plus the limits and conventions GitHub code scanning needs.
// Skips when the CLI is not built or ../shared (schema, corpus) is absent.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const shared = resolve(root, "../shared");
const cli = process.env.ATOM_REVIEW_CLI ?? join(root, "build/native/atom-review");
const schemaPath = join(shared, "schemas/sarif-schema-2.1.0.json");
const corpusDirs = ["corpus/atom", "corpus/aiter"].map((d) => join(shared, d)).filter(existsSync);

const missing = !existsSync(cli) ? `CLI not built (${cli})` : !existsSync(schemaPath) ? "SARIF schema absent" : false;

function compileSchema() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
}

function runSarif(diffPath) {
  const args = ["review", "--format", "sarif"];
  const metaPath = diffPath.replace(/\.diff$/, ".meta.json");
  if (existsSync(metaPath)) args.push("--meta", metaPath);
  args.push(diffPath);
  const run = spawnSync(cli, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  assert.equal(run.status, 0, `${diffPath}: exit ${run.status}: ${run.stderr}`);
  return { text: run.stdout, sarif: JSON.parse(run.stdout) };
}

// What GitHub's upload checks beyond the schema: ≤ 25,000 results, ≤ 10 MB, a located result
// for every finding, rule references that resolve, fingerprints to track results across runs.
function checkGithubConventions(name, text, sarif) {
  assert.ok(Buffer.byteLength(text) <= 10 * 1000 * 1000, `${name}: larger than 10 MB`);
  assert.equal(sarif.runs.length, 1, name);
  const [run] = sarif.runs;
  const rules = run.tool.driver.rules;
  assert.ok(rules.length > 0, `${name}: empty rule catalogue`);
  assert.ok(run.results.length <= 25000, `${name}: too many results`);
  const fingerprints = new Set();
  for (const result of run.results) {
    assert.equal(rules[result.ruleIndex]?.id, result.ruleId, `${name}: ruleIndex of ${result.ruleId}`);
    assert.ok(["error", "warning", "note"].includes(result.level), `${name}: level ${result.level}`);
    assert.ok(result.message.text.length > 0, name);
    const location = result.locations?.[0]?.physicalLocation;
    assert.ok(location, `${name}: ${result.ruleId} has no location`);
    assert.ok(location.region.startLine >= 1, name);
    assert.doesNotMatch(location.artifactLocation.uri, /[\s%](?![0-9A-F]{2})/, name);
    const fingerprint = result.partialFingerprints?.["atomReviewFinding/v1"];
    assert.ok(fingerprint, `${name}: no fingerprint`);
    assert.ok(!fingerprints.has(fingerprint), `${name}: duplicate fingerprint ${fingerprint}`);
    fingerprints.add(fingerprint);
  }
}

test("SARIF of every corpus diff is valid SARIF 2.1.0 that GitHub accepts", { skip: missing }, (t) => {
  if (corpusDirs.length === 0) return t.skip("corpus absent");
  const validate = compileSchema();
  let checked = 0;
  for (const dir of corpusDirs) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".diff")).sort()) {
      const path = join(dir, file);
      const { text, sarif } = runSarif(path);
      const valid = validate(sarif);
      assert.ok(valid, `${path}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      checkGithubConventions(path, text, sarif);
      checked += 1;
    }
  }
  assert.ok(checked > 0);
});

test("SARIF output is byte-identical across runs", { skip: missing }, (t) => {
  const diffs = corpusDirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".diff")).sort().slice(0, 5).map((f) => join(dir, f)));
  if (diffs.length === 0) return t.skip("corpus absent");
  for (const path of diffs) assert.equal(runSarif(path).text, runSarif(path).text, path);
});

test("SARIF with line, file and PR-level findings and a removed line validates", { skip: missing }, () => {
  const validate = compileSchema();
  const diff = [
    "diff --git a/atom/model_ops/moe.py b/atom/model_ops/moe.py",
    "--- a/atom/model_ops/moe.py",
    "+++ b/atom/model_ops/moe.py",
    "@@ -1,3 +1,4 @@",
    " def f(x, dtype):",
    "-    buf = torch.zeros(8)",
    "+    buf = torch.empty(8)",
    "+    # TODO: handle fp8",
    "+    if dtype == torch.bfloat16:",
    "diff --git a/runperf-local.sh b/runperf-local.sh",
    "new file mode 100644",
    "--- /dev/null",
    "+++ b/runperf-local.sh",
    "@@ -0,0 +1 @@",
    "+python bench.py",
    "",
  ].join("\n");
  const dir = mkdtempSync(join(tmpdir(), "atom-sarif-"));
  const meta = join(dir, "meta.json");
  writeFileSync(meta, JSON.stringify({ repo: "ROCm/ATOM", number: 7, title: "Optimize MoE: 2x faster", body: "Much faster now." }));
  // --all-rules: the TODO's rule gives the line-level result whatever its labels made of it.
  const run = spawnSync(cli, ["review", "--format", "sarif", "--all-rules", "--meta", meta, "-"], { input: diff, encoding: "utf8" });
  rmSync(dir, { recursive: true, force: true });
  assert.equal(run.status, 0, run.stderr);
  const sarif = JSON.parse(run.stdout);
  assert.ok(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3)));
  checkGithubConventions("stdin", run.stdout, sarif);
  const scopes = new Set(sarif.runs[0].results.map((r) => r.properties?.scope ?? "line"));
  assert.ok(scopes.has("pr") && scopes.has("line"), `scopes: ${[...scopes]}`);
});

test("the validator rejects SARIF that breaks the schema", { skip: missing }, () => {
  const validate = compileSchema();
  const broken = { version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [{ level: "fatal", message: { text: "m" } }] }] };
  assert.equal(validate(broken), false);
  assert.equal(validate({ version: "2.1.0", runs: [{ tool: { driver: { name: "x" } }, results: [] }] }), true);
});
