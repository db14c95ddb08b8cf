from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_registry_agent_card_response_200 import GetRegistryAgentCardResponse200
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/.well-known/agent-card.json",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Error | GetRegistryAgentCardResponse200 | None:
    if response.status_code == 200:
        response_200 = GetRegistryAgentCardResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 414:
        response_414 = Error.from_dict(response.json())

        return response_414

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Error.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Error | GetRegistryAgentCardResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | GetRegistryAgentCardResponse200]:
    """The registry's own A2A Agent Card (signed)

     The registry's own A2A Agent Card (v1.0, at the specification's well-known path): the registry as an
    agent whose skills are its operations (search, quote, register, renew, manage, trade), each naming
    its MCP tools and HTTP routes. Its interface is the MCP server at /mcp (`protocolBinding` `JSONRPC`,
    the closest the specification names: the registry serves no A2A endpoint, as the card's description
    says). Signed as a name's card is (`signatures[]`, key in /.well-known/jwks.json).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | GetRegistryAgentCardResponse200]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | GetRegistryAgentCardResponse200 | None:
    """The registry's own A2A Agent Card (signed)

     The registry's own A2A Agent Card (v1.0, at the specification's well-known path): the registry as an
    agent whose skills are its operations (search, quote, register, renew, manage, trade), each naming
    its MCP tools and HTTP routes. Its interface is the MCP server at /mcp (`protocolBinding` `JSONRPC`,
    the closest the specification names: the registry serves no A2A endpoint, as the card's description
    says). Signed as a name's card is (`signatures[]`, key in /.well-known/jwks.json).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | GetRegistryAgentCardResponse200
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any | Error | GetRegistryAgentCardResponse200]:
    """The registry's own A2A Agent Card (signed)

     The registry's own A2A Agent Card (v1.0, at the specification's well-known path): the registry as an
    agent whose skills are its operations (search, quote, register, renew, manage, trade), each naming
    its MCP tools and HTTP routes. Its interface is the MCP server at /mcp (`protocolBinding` `JSONRPC`,
    the closest the specification names: the registry serves no A2A endpoint, as the card's description
    says). Signed as a name's card is (`signatures[]`, key in /.well-known/jwks.json).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Error | GetRegistryAgentCardResponse200]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> Any | Error | GetRegistryAgentCardResponse200 | None:
    """The registry's own A2A Agent Card (signed)

     The registry's own A2A Agent Card (v1.0, at the specification's well-known path): the registry as an
    agent whose skills are its operations (search, quote, register, renew, manage, trade), each naming
    its MCP tools and HTTP routes. Its interface is the MCP server at /mcp (`protocolBinding` `JSONRPC`,
    the closest the specification names: the registry serves no A2A endpoint, as the card's description
    says). Signed as a name's card is (`signatures[]`, key in /.well-known/jwks.json).

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Error | GetRegistryAgentCardResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
