from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.revoke_agent_key_response_200 import RevokeAgentKeyResponse200
from ...types import Response


def _get_kwargs(
    agent_id: UUID,
    key_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/api/v1/agents/{agent_id}/keys/{key_id}".format(
            agent_id=quote(str(agent_id), safe=""),
            key_id=quote(str(key_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | RevokeAgentKeyResponse200 | None:
    if response.status_code == 200:
        response_200 = RevokeAgentKeyResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Error.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = Error.from_dict(response.json())

        return response_415

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
) -> Response[Error | RevokeAgentKeyResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    agent_id: UUID,
    key_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RevokeAgentKeyResponse200]:
    """Revoke a key of an agent you claimed (idempotent)

     Revokes a key of an agent you claimed; it stops working on its next request (idempotent). The
    claiming operator manages the agent (its domains, checkouts and ledger), so may stop its keys
    without holding their secrets. An agent you did not claim, or a key it does not have: 404
    `key_not_found`, alike.

    Args:
        agent_id (UUID):
        key_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RevokeAgentKeyResponse200]
    """

    kwargs = _get_kwargs(
        agent_id=agent_id,
        key_id=key_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    agent_id: UUID,
    key_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | RevokeAgentKeyResponse200 | None:
    """Revoke a key of an agent you claimed (idempotent)

     Revokes a key of an agent you claimed; it stops working on its next request (idempotent). The
    claiming operator manages the agent (its domains, checkouts and ledger), so may stop its keys
    without holding their secrets. An agent you did not claim, or a key it does not have: 404
    `key_not_found`, alike.

    Args:
        agent_id (UUID):
        key_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RevokeAgentKeyResponse200
    """

    return sync_detailed(
        agent_id=agent_id,
        key_id=key_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    agent_id: UUID,
    key_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Error | RevokeAgentKeyResponse200]:
    """Revoke a key of an agent you claimed (idempotent)

     Revokes a key of an agent you claimed; it stops working on its next request (idempotent). The
    claiming operator manages the agent (its domains, checkouts and ledger), so may stop its keys
    without holding their secrets. An agent you did not claim, or a key it does not have: 404
    `key_not_found`, alike.

    Args:
        agent_id (UUID):
        key_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | RevokeAgentKeyResponse200]
    """

    kwargs = _get_kwargs(
        agent_id=agent_id,
        key_id=key_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    agent_id: UUID,
    key_id: str,
    *,
    client: AuthenticatedClient,
) -> Error | RevokeAgentKeyResponse200 | None:
    """Revoke a key of an agent you claimed (idempotent)

     Revokes a key of an agent you claimed; it stops working on its next request (idempotent). The
    claiming operator manages the agent (its domains, checkouts and ledger), so may stop its keys
    without holding their secrets. An agent you did not claim, or a key it does not have: 404
    `key_not_found`, alike.

    Args:
        agent_id (UUID):
        key_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | RevokeAgentKeyResponse200
    """

    return (
        await asyncio_detailed(
            agent_id=agent_id,
            key_id=key_id,
            client=client,
        )
    ).parsed
