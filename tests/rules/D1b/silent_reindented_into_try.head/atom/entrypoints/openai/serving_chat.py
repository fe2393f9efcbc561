import json

from atom.entrypoints.openai.protocol import ChatCompletionRequest, UsageInfo


def usage_chunk(num_cached_tokens):
    usage = UsageInfo(
        prompt_tokens=0,
        completion_tokens=0,
        prompt_tokens_details={"cached_tokens": num_cached_tokens},
    )
    return "data: " + json.dumps({"usage": usage.model_dump()}) + "\n\n"


def validate_request(request: ChatCompletionRequest):
    if not request.messages:
        raise ValueError("messages must not be empty")


async def stream_chat_response(request, engine):
    try:
        async for out in engine.generate(request):
            if out.cached_tokens:
                num_cached_tokens = out.cached_tokens
        yield usage_chunk(num_cached_tokens)  # ok: D1b
    finally:
        await engine.abort(request)


async def stream_completion_response(request, engine):
    async for out in engine.generate(request):
        yield out.text
