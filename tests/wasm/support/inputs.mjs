// Small hand-written inputs shared by the WASM tests.
export const encode = (text) => new TextEncoder().encode(text);

export const SIMPLE_DIFF = `diff --git a/atom/model_ops/moe.py b/atom/model_ops/moe.py
index 1111111..2222222 100644
--- a/atom/model_ops/moe.py
+++ b/atom/model_ops/moe.py
@@ -10,3 +10,4 @@ def fused_moe(x):
     a = 1
-    b = 2
+    b = 3
+    c = 4
     return a
`;

// SIMPLE_DIFF whose second added line holds 0xff 0xfe, a NUL and a cut-off 0xc3 (not UTF-8).
export function diffWithStrangeBytes() {
  const plain = encode(SIMPLE_DIFF);
  const replaced = encode('+    c = 4\n');
  const strange = Uint8Array.from([...encode('+    s = "'), 0xff, 0xfe, 0x00, 0xc3, ...encode('"\n')]);
  const at = plain.length - encode('     return a\n').length - replaced.length;
  const bytes = new Uint8Array(plain.length - replaced.length + strange.length);
  bytes.set(plain.subarray(0, at));
  bytes.set(strange, at);
  bytes.set(plain.subarray(at + replaced.length), at + strange.length);
  return bytes;
}

// A new file of one line nesting `depth` levels deep (a hostile PR), as a diff and its head file.
export function deeplyNestedFile(path, line) {
  const diff = `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1 @@\n+${line}\n`;
  return { diff: encode(diff), head: [{ path, bytes: encode(`${line}\n`) }] };
}
