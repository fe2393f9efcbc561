#include "core/analysis/python_structure.h"

#include <gtest/gtest.h>
#include "tests/cpp/analysis/analysis_test_support.h"

namespace atom::testing {
namespace {

using Names = std::vector<std::string>;

SideLines new_side(const BuiltModel& built) { return side_lines(built.model.files.at(0).hunks.at(0), Side::New); }

TEST(BoundNames, AssignmentsImportsAndHeaders) {
  EXPECT_EQ(bound_names("out = torch.empty(n)"), Names{"out"});
  EXPECT_EQ(bound_names("a, (b, *c) = f()"), (Names{"a", "b", "c"}));
  EXPECT_EQ(bound_names("x = y = 0"), (Names{"x", "y"}));
  EXPECT_EQ(bound_names("scale: float = 1.0"), Names{"scale"});
  EXPECT_EQ(bound_names("self.out = x"), Names{});
  EXPECT_EQ(bound_names("buf[0] = x"), Names{});
  EXPECT_EQ(bound_names("total += 1"), Names{});
  EXPECT_EQ(bound_names("if a == b:"), Names{});
  EXPECT_EQ(bound_names("f(x=1)"), Names{});
  EXPECT_EQ(bound_names("for i, tok in enumerate(xs):"), (Names{"i", "tok"}));
  EXPECT_EQ(bound_names("with open(p) as fh, lock:"), Names{"fh"});
  EXPECT_EQ(bound_names("except ValueError as err:"), Names{"err"});
  EXPECT_EQ(bound_names("import torch.nn as nn"), Names{"nn"});
  EXPECT_EQ(bound_names("import os.path"), Names{"os"});
  EXPECT_EQ(bound_names("from aiter import (fused_moe, gemm as g)"), (Names{"fused_moe", "g"}));
  EXPECT_EQ(bound_names("def helper(x):"), Names{"helper"});
  EXPECT_EQ(bound_names("if (n := len(xs)) > 3:"), Names{"n"});
  EXPECT_EQ(bound_names("match = pattern.match(s)"), Names{"match"});
}

TEST(PythonIfChains, BranchesBodiesAndAssignedNames) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+    if kind == \"a\":\n"
                                               "+        out = f(x)\n"
                                               "+        if y:\n"
                                               "+            extra = 1\n"
                                               "+    elif kind == \"b\":\n"
                                               "+        # comment\n"
                                               "+        out, lse = g(x)\n"
                                               "+        return out\n"
                                               "+    else:\n"
                                               "+        raise ValueError(kind)\n"
                                               "+    use(out)\n",
                                               "def dispatch(kind, x, y):"));
  const SideLines lines = new_side(*built);
  const std::vector<PyIfChain> chains = python_if_chains(lines);
  ASSERT_EQ(chains.size(), 2u);  // the outer chain and the nested `if y:`
  const PyIfChain& chain = chains[0];
  EXPECT_TRUE(chain.starts_in_view);
  EXPECT_TRUE(chain.has_else);
  EXPECT_TRUE(chain.complete);
  EXPECT_EQ(chain.end, 10u);
  ASSERT_EQ(chain.branches.size(), 3u);
  EXPECT_EQ(chain.branches[0].keyword, "if");
  EXPECT_EQ(chain.branches[0].condition, "kind == \"\"");
  EXPECT_EQ(chain.branches[0].assigned, Names{"out"});
  EXPECT_EQ(chain.branches[0].assigned_nested, Names{"extra"});
  EXPECT_FALSE(chain.branches[0].exits);
  EXPECT_EQ(chain.branches[1].keyword, "elif");
  EXPECT_EQ(chain.branches[1].assigned, (Names{"lse", "out"}));
  EXPECT_TRUE(chain.branches[1].exits);
  EXPECT_EQ(chain.branches[1].body, (std::vector<size_t>{6, 7}));
  EXPECT_EQ(chain.branches[2].keyword, "else");
  EXPECT_EQ(chain.branches[2].condition, "");
  EXPECT_TRUE(chain.branches[2].exits);
  EXPECT_EQ(chains[1].branches[0].condition, "y");
}

TEST(PythonIfChains, ChainCutByTheHunkIsIncomplete) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+if a:\n"
                                               "+    x = 1\n"
                                               "+elif b:\n"
                                               "+    x = 2\n"));
  const std::vector<PyIfChain> chains = python_if_chains(new_side(*built));
  ASSERT_EQ(chains.size(), 1u);
  EXPECT_EQ(chains[0].branches.size(), 2u);
  EXPECT_FALSE(chains[0].has_else);
  EXPECT_FALSE(chains[0].complete);
}

TEST(PythonIfChains, ElseOfALoopIsNotABranch) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+for x in xs:\n"
                                               "+    if x:\n"
                                               "+        break\n"
                                               "+else:\n"
                                               "+    y = 0\n"
                                               "+z = 1\n"));
  const std::vector<PyIfChain> chains = python_if_chains(new_side(*built));
  ASSERT_EQ(chains.size(), 1u);
  EXPECT_EQ(chains[0].branches.size(), 1u);
  EXPECT_FALSE(chains[0].has_else);
}

TEST(PythonBlocks, KindsExtentsAndEnclosing) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+@torch.inference_mode()\n"
                                               "+def capture(self, bs):\n"
                                               "+    with graph_capture() as ctx:\n"
                                               "+        for i in range(bs):\n"
                                               "+            run(i)\n"
                                               "+    return ctx\n"
                                               "+x = 1\n"));
  const SideLines lines = new_side(*built);
  const std::vector<PyBlock> blocks = python_blocks(lines);
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].kind, PyBlockKind::Def);
  EXPECT_EQ(blocks[0].header, 1u);
  EXPECT_EQ(blocks[0].end, 6u);
  EXPECT_TRUE(blocks[0].complete);
  EXPECT_EQ(blocks[1].kind, PyBlockKind::With);
  EXPECT_EQ(blocks[2].kind, PyBlockKind::For);
  const std::vector<const PyBlock*> around = enclosing_blocks(blocks, 4);
  ASSERT_EQ(around.size(), 3u);
  EXPECT_EQ(around.back()->kind, PyBlockKind::For);
  EXPECT_TRUE(enclosing_blocks(blocks, 6).empty());
  EXPECT_TRUE(in_function(*lines[4], "capture"));
  EXPECT_FALSE(in_function(*lines[6], "capture"));
}

TEST(PythonBlocks, InlineBodyAndMultiLineHeader) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+if x: return y\n"
                                               "+while (a and\n"
                                               "+       b):\n"
                                               "+    step()\n"));
  const std::vector<PyBlock> blocks = python_blocks(new_side(*built));
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_TRUE(blocks[0].complete);
  EXPECT_EQ(blocks[0].end, 1u);
  EXPECT_EQ(blocks[1].header_end, 2u);
  EXPECT_EQ(blocks[1].header_code, "while (a and b):");
  EXPECT_EQ(blocks[1].body, std::vector<size_t>{3});
  EXPECT_FALSE(blocks[1].complete);
}

TEST(PythonDefs, SignatureParametersAndUse) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "     @staticmethod\n"
                                               "     def forward(\n"
                                               "         q: torch.Tensor,\n"
                                               "+        expert_mask: Optional[torch.Tensor] = None,\n"
                                               "         *args,\n"
                                               "         scale=1.0,\n"
                                               "         **kwargs,\n"
                                               "     ) -> torch.Tensor:\n"
                                               "         \"\"\"Runs q.\"\"\"\n"
                                               "         log(f\"{scale}\")\n"
                                               "         return q * 2\n"
                                               " \n"
                                               " x = 1\n",
                                               "class Attention:"));
  const SideLines lines = new_side(*built);
  const std::vector<PyDef> defs = python_defs(lines);
  ASSERT_EQ(defs.size(), 1u);
  const PyDef& def = defs[0];
  EXPECT_EQ(def.name, "forward");
  EXPECT_EQ(def.qualified, "Attention.forward");
  EXPECT_EQ(def.decorators, Names{"@staticmethod"});
  EXPECT_TRUE(def.complete);
  EXPECT_TRUE(def.signature_complete);
  EXPECT_EQ(def.signature_end, 7u);
  EXPECT_EQ(def.body, (std::vector<size_t>{9, 10}));
  ASSERT_EQ(def.params.size(), 5u);
  EXPECT_EQ(def.params[0].name, "q");
  EXPECT_TRUE(def.params[0].used_in_body);
  EXPECT_EQ(def.params[1].name, "expert_mask");
  EXPECT_EQ(def.params[1].annotation, "Optional[torch.Tensor]");
  EXPECT_EQ(def.params[1].default_value, "None");
  EXPECT_EQ(def.params[1].line, 3u);
  EXPECT_EQ(lines[def.params[1].line]->kind, LineKind::Added);
  EXPECT_FALSE(def.params[1].used_in_body);
  EXPECT_EQ(def.params[2].kind, "*");
  EXPECT_EQ(def.params[3].name, "scale");
  EXPECT_EQ(def.params[3].kind, "kwonly");
  EXPECT_TRUE(def.params[3].used_in_body) << "used inside an f-string field";
  EXPECT_EQ(def.params[4].kind, "**");
}

TEST(PythonDefs, HunkEndingInsideTheSignature) {
  const auto built = build_model(one_hunk_diff("atom/x.py",
                                               "+def f(a,\n"
                                               "+      b=2,\n"));
  const std::vector<PyDef> defs = python_defs(new_side(*built));
  ASSERT_EQ(defs.size(), 1u);
  EXPECT_FALSE(defs[0].signature_complete);
  EXPECT_FALSE(defs[0].complete);
  EXPECT_EQ(defs[0].params.size(), 2u);
}

}  // namespace
}  // namespace atom::testing
