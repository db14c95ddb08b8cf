from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.mandate_refusal import MandateRefusal
from ...models.register_onchain_identity_body import RegisterOnchainIdentityBody
from ...models.register_onchain_identity_response_200 import RegisterOnchainIdentityResponse200
from ...models.register_onchain_identity_response_202 import RegisterOnchainIdentityResponse202
from ...models.register_onchain_identity_response_402_type_0 import RegisterOnchainIdentityResponse402Type0
from ...types import Response


def _get_kwargs(
    domain_name: str,
    *,
    body: RegisterOnchainIdentityBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/{domain_name}/erc8004".format(
            domain_name=quote(str(domain_name), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterOnchainIdentityResponse402Type0
    | RegisterOnchainIdentityResponse200
    | RegisterOnchainIdentityResponse202
    | None
):
    if response.status_code == 200:
        response_200 = RegisterOnchainIdentityResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = RegisterOnchainIdentityResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:

        def _parse_response_402(data: object) -> Error | RegisterOnchainIdentityResponse402Type0:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_402_type_0 = RegisterOnchainIdentityResponse402Type0.from_dict(data)

                return response_402_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_402_type_1 = Error.from_dict(data)

            return response_402_type_1

        response_402 = _parse_response_402(response.json())

        return response_402

    if response.status_code == 403:

        def _parse_response_403(data: object) -> Error | MandateRefusal:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_403_type_0 = MandateRefusal.from_dict(data)

                return response_403_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_403_type_1 = Error.from_dict(data)

            return response_403_type_1

        response_403 = _parse_response_403(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterOnchainIdentityResponse402Type0
    | RegisterOnchainIdentityResponse200
    | RegisterOnchainIdentityResponse202
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: RegisterOnchainIdentityBody,
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterOnchainIdentityResponse402Type0
    | RegisterOnchainIdentityResponse200
    | RegisterOnchainIdentityResponse202
]:
    """Register a name in the ERC-8004 identity registry (paid): its agent id on chain

     Registers the name in the ERC-8004 identity registry on Base (docs/discovery.md "On chain"): the
    entry’s `agentURI` is the name’s registration file on this registry, the registrar sends the
    transaction (signed once; a retry never registers twice) and holds the identity, and the answer
    carries the `agent_id` the registry minted, which the registration file, lookup, RDAP and the zone’s
    ENSIP-25 text record then show. Paid like any paid operation: default `mpp` (a 402 challenge, paid
    and re-sent with the receipt), or `gems` at once; counted as `identity` against a spend mandate. A
    name has one entry: asking again answers the same one; 409 `already_on_chain` while it is being
    sent. Owner (or who manages the name) only; 403 `onchain_identity_unavailable` where no identity
    registry is configured.

    Args:
        domain_name (str):
        body (RegisterOnchainIdentityBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | Error | RegisterOnchainIdentityResponse402Type0 | RegisterOnchainIdentityResponse200 | RegisterOnchainIdentityResponse202]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: RegisterOnchainIdentityBody,
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterOnchainIdentityResponse402Type0
    | RegisterOnchainIdentityResponse200
    | RegisterOnchainIdentityResponse202
    | None
):
    """Register a name in the ERC-8004 identity registry (paid): its agent id on chain

     Registers the name in the ERC-8004 identity registry on Base (docs/discovery.md "On chain"): the
    entry’s `agentURI` is the name’s registration file on this registry, the registrar sends the
    transaction (signed once; a retry never registers twice) and holds the identity, and the answer
    carries the `agent_id` the registry minted, which the registration file, lookup, RDAP and the zone’s
    ENSIP-25 text record then show. Paid like any paid operation: default `mpp` (a 402 challenge, paid
    and re-sent with the receipt), or `gems` at once; counted as `identity` against a spend mandate. A
    name has one entry: asking again answers the same one; 409 `already_on_chain` while it is being
    sent. Owner (or who manages the name) only; 403 `onchain_identity_unavailable` where no identity
    registry is configured.

    Args:
        domain_name (str):
        body (RegisterOnchainIdentityBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | Error | RegisterOnchainIdentityResponse402Type0 | RegisterOnchainIdentityResponse200 | RegisterOnchainIdentityResponse202
    """

    return sync_detailed(
        domain_name=domain_name,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: RegisterOnchainIdentityBody,
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterOnchainIdentityResponse402Type0
    | RegisterOnchainIdentityResponse200
    | RegisterOnchainIdentityResponse202
]:
    """Register a name in the ERC-8004 identity registry (paid): its agent id on chain

     Registers the name in the ERC-8004 identity registry on Base (docs/discovery.md "On chain"): the
    entry’s `agentURI` is the name’s registration file on this registry, the registrar sends the
    transaction (signed once; a retry never registers twice) and holds the identity, and the answer
    carries the `agent_id` the registry minted, which the registration file, lookup, RDAP and the zone’s
    ENSIP-25 text record then show. Paid like any paid operation: default `mpp` (a 402 challenge, paid
    and re-sent with the receipt), or `gems` at once; counted as `identity` against a spend mandate. A
    name has one entry: asking again answers the same one; 409 `already_on_chain` while it is being
    sent. Owner (or who manages the name) only; 403 `onchain_identity_unavailable` where no identity
    registry is configured.

    Args:
        domain_name (str):
        body (RegisterOnchainIdentityBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | Error | RegisterOnchainIdentityResponse402Type0 | RegisterOnchainIdentityResponse200 | RegisterOnchainIdentityResponse202]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain_name: str,
    *,
    client: AuthenticatedClient,
    body: RegisterOnchainIdentityBody,
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | RegisterOnchainIdentityResponse402Type0
    | RegisterOnchainIdentityResponse200
    | RegisterOnchainIdentityResponse202
    | None
):
    """Register a name in the ERC-8004 identity registry (paid): its agent id on chain

     Registers the name in the ERC-8004 identity registry on Base (docs/discovery.md "On chain"): the
    entry’s `agentURI` is the name’s registration file on this registry, the registrar sends the
    transaction (signed once; a retry never registers twice) and holds the identity, and the answer
    carries the `agent_id` the registry minted, which the registration file, lookup, RDAP and the zone’s
    ENSIP-25 text record then show. Paid like any paid operation: default `mpp` (a 402 challenge, paid
    and re-sent with the receipt), or `gems` at once; counted as `identity` against a spend mandate. A
    name has one entry: asking again answers the same one; 409 `already_on_chain` while it is being
    sent. Owner (or who manages the name) only; 403 `onchain_identity_unavailable` where no identity
    registry is configured.

    Args:
        domain_name (str):
        body (RegisterOnchainIdentityBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | Error | RegisterOnchainIdentityResponse402Type0 | RegisterOnchainIdentityResponse200 | RegisterOnchainIdentityResponse202
    """

    return (
        await asyncio_detailed(
            domain_name=domain_name,
            client=client,
            body=body,
        )
    ).parsed
