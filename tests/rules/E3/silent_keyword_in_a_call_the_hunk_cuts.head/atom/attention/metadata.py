import torch


class MlaMetadataBuilder:
    def __init__(self, threshold, out_dtype=torch.bfloat16):
        self.threshold = threshold
        self.out_dtype = out_dtype
        self.persistent_supported = torch.cuda.is_available()
        self.persistent = {}

    def _set_persistent_buffers(  # ok: E3
        self,
        num_reqs,
        max_qo_len,
        causal: bool = True,
    ):
        return self._fill(num_reqs, max_qo_len)

    def _fill(self, num_reqs, max_qo_len):
        return {"num_reqs": num_reqs, "max_qo_len": max_qo_len}

    def build(self, num_reqs, max_qo_len, causal=True):
        use_persistent = max_qo_len > 1
        if (
            use_persistent
            and not self.persistent_supported
        ):
            use_persistent = False
        assert (
            not use_persistent or max_qo_len <= self.threshold
        ), (
            f"query length {max_qo_len} exceeds {self.threshold}"
        )
        if use_persistent:
            buffers = self._set_persistent_buffers(
                num_reqs,
                max_qo_len,
                causal=causal,
            )
            self.persistent.update(buffers)

        fold_factor = 2 if causal else 1
        return self._make_metadata(
            num_reqs=num_reqs,
            max_qo_len=max_qo_len,
            out_dtype=self.out_dtype,
            use_persistent=use_persistent,
            causal=causal,
            fold_factor=fold_factor,
        )

    def _make_metadata(self, **fields):
        return dict(self.persistent, **fields)
