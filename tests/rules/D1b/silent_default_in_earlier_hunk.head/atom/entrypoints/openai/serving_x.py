from atom.entrypoints.openai.parser import Parser


async def stream_response(
    queue,
    prompt_tokens: int,
):
    """Reads the engine's chunks for one request until it is done and
    returns the usage block of the final response.
    """
    tokens_in = prompt_tokens
    tokens_out = 0
    cached = 0  # ok: D1b
    parser = Parser()
    done = False
    while not done:
        if parser.has_pending():
            parser.flush()

        # one chunk per decode step: the
        # text and the token ids it made
        if queue.empty():
            parser.mark_idle()
        chunk = await queue.get()
        text = chunk["text"]
        tokens_out += len(chunk.get("token_ids", []))
        value = chunk.get("cached", 0)
        if value:
            cached = value

        if "done" in chunk:
            done = True
        parser.feed(text)
        if parser.finished:
            done = True

    parser.close()
    usage = {
        "object": "usage",
        "model": parser.model_name,
        "total_tokens": tokens_in + tokens_out,
        "prompt_tokens_details": None,
        "completion_tokens_details": None,
        "prompt_tokens": tokens_in,
        "completion_tokens": tokens_out,
        "cached_tokens": cached,
    }
    return usage
