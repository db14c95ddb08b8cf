from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.verify_agent_response_200 import VerifyAgentResponse200
from ...types import Response


def _get_kwargs(
    name: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/verify/{name}".format(
            name=quote(str(name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | VerifyAgentResponse200 | None:
    if response.status_code == 200:
        response_200 = VerifyAgentResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

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
) -> Response[Error | VerifyAgentResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | VerifyAgentResponse200]:
    """Verify an agent by its name

     Whether an agent is who its name says (`verified`: the DNSSEC chain from the trust anchor, DNS-AID
    SVCB and ENSIP-25/26 TXT records agreeing with its A2A card, the card signature, its ERC-8004 entry
    and file, the endpoint-domain proof) and, apart, whether it answers (`reachable`), with each check's
    evidence. For any DNS name that publishes DNS-AID records. Free; a report is kept a minute; limited
    per client address (VERIFY_LIMIT_MAX a minute).

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VerifyAgentResponse200]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | VerifyAgentResponse200 | None:
    """Verify an agent by its name

     Whether an agent is who its name says (`verified`: the DNSSEC chain from the trust anchor, DNS-AID
    SVCB and ENSIP-25/26 TXT records agreeing with its A2A card, the card signature, its ERC-8004 entry
    and file, the endpoint-domain proof) and, apart, whether it answers (`reachable`), with each check's
    evidence. For any DNS name that publishes DNS-AID records. Free; a report is kept a minute; limited
    per client address (VERIFY_LIMIT_MAX a minute).

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VerifyAgentResponse200
    """

    return sync_detailed(
        name=name,
        client=client,
    ).parsed


async def asyncio_detailed(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Error | VerifyAgentResponse200]:
    """Verify an agent by its name

     Whether an agent is who its name says (`verified`: the DNSSEC chain from the trust anchor, DNS-AID
    SVCB and ENSIP-25/26 TXT records agreeing with its A2A card, the card signature, its ERC-8004 entry
    and file, the endpoint-domain proof) and, apart, whether it answers (`reachable`), with each check's
    evidence. For any DNS name that publishes DNS-AID records. Free; a report is kept a minute; limited
    per client address (VERIFY_LIMIT_MAX a minute).

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | VerifyAgentResponse200]
    """

    kwargs = _get_kwargs(
        name=name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    name: str,
    *,
    client: AuthenticatedClient | Client,
) -> Error | VerifyAgentResponse200 | None:
    """Verify an agent by its name

     Whether an agent is who its name says (`verified`: the DNSSEC chain from the trust anchor, DNS-AID
    SVCB and ENSIP-25/26 TXT records agreeing with its A2A card, the card signature, its ERC-8004 entry
    and file, the endpoint-domain proof) and, apart, whether it answers (`reachable`), with each check's
    evidence. For any DNS name that publishes DNS-AID records. Free; a report is kept a minute; limited
    per client address (VERIFY_LIMIT_MAX a minute).

    Args:
        name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | VerifyAgentResponse200
    """

    return (
        await asyncio_detailed(
            name=name,
            client=client,
        )
    ).parsed
