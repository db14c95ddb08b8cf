from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.put_listing_body import PutListingBody
from ...models.put_listing_response_200 import PutListingResponse200
from ...types import Response


def _get_kwargs(
    domain_name: str,
    *,
    body: PutListingBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/domains/{domain_name}/listing".format(
            domain_name=quote(str(domain_name), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | PutListingResponse200 | None:
    if response.status_code == 200:
        response_200 = PutListingResponse200.from_dict(response.json())

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

    if response.status_code == 423:
        response_423 = Error.from_dict(response.json())

        return response_423

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
) -> Response[Error | PutListingResponse200]:
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
    body: PutListingBody,
) -> Response[Error | PutListingResponse200]:
    """List a domain you own for sale, or replace its listing

     Lists a domain you own (or manage) for sale, or replaces its listing: `price` in whole gems and/or
    USD (at most two decimals, paid in pathUSD), and optionally `min_offer`, the floor for offers, never
    above the price. The seller is the current owner; replacing keeps `listed_at`. Lookup and agent.json
    show it at once. A transfer, a sale or expiry ends the listing. Owner, claiming operator, or an
    organization credential with the `transfer` operation.

    Args:
        domain_name (str):
        body (PutListingBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutListingResponse200]
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
    body: PutListingBody,
) -> Error | PutListingResponse200 | None:
    """List a domain you own for sale, or replace its listing

     Lists a domain you own (or manage) for sale, or replaces its listing: `price` in whole gems and/or
    USD (at most two decimals, paid in pathUSD), and optionally `min_offer`, the floor for offers, never
    above the price. The seller is the current owner; replacing keeps `listed_at`. Lookup and agent.json
    show it at once. A transfer, a sale or expiry ends the listing. Owner, claiming operator, or an
    organization credential with the `transfer` operation.

    Args:
        domain_name (str):
        body (PutListingBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutListingResponse200
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
    body: PutListingBody,
) -> Response[Error | PutListingResponse200]:
    """List a domain you own for sale, or replace its listing

     Lists a domain you own (or manage) for sale, or replaces its listing: `price` in whole gems and/or
    USD (at most two decimals, paid in pathUSD), and optionally `min_offer`, the floor for offers, never
    above the price. The seller is the current owner; replacing keeps `listed_at`. Lookup and agent.json
    show it at once. A transfer, a sale or expiry ends the listing. Owner, claiming operator, or an
    organization credential with the `transfer` operation.

    Args:
        domain_name (str):
        body (PutListingBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | PutListingResponse200]
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
    body: PutListingBody,
) -> Error | PutListingResponse200 | None:
    """List a domain you own for sale, or replace its listing

     Lists a domain you own (or manage) for sale, or replaces its listing: `price` in whole gems and/or
    USD (at most two decimals, paid in pathUSD), and optionally `min_offer`, the floor for offers, never
    above the price. The seller is the current owner; replacing keeps `listed_at`. Lookup and agent.json
    show it at once. A transfer, a sale or expiry ends the listing. Owner, claiming operator, or an
    organization credential with the `transfer` operation.

    Args:
        domain_name (str):
        body (PutListingBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | PutListingResponse200
    """

    return (
        await asyncio_detailed(
            domain_name=domain_name,
            client=client,
            body=body,
        )
    ).parsed
