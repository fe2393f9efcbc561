from atom.model_engine.model_runner import prepare_inputs


def test_prepare():
    assert prepare_inputs([1, 2]) == [1, 2]
