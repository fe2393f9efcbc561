from op_tests.moe_common import run_moe
import torch


def test_moe_block_m():
    block_m = 128
    run_moe(block_m=32)

