from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.set_auto_renew_body import SetAutoRenewBody
from ...models.set_auto_renew_response_200 import SetAutoRenewResponse200
from ...types import Response


def _get_kwargs(
    domain_name: str,
    *,
    body: SetAutoRenewBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/api/v1/domains/{domain_name}/auto-renew".format(
            domain_name=quote(str(domain_name), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | SetAutoRenewResponse200 | None:
    if response.status_code == 200:
        response_200 = SetAutoRenewResponse200.from_dict(response.json())

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
) -> Response[Error | SetAutoRenewResponse200]:
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
    body: SetAutoRenewBody,
) -> Response[Error | SetAutoRenewResponse200]:
    """Turn auto-renew from the owner’s gems on (with a price cap) or off

     Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A
    few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from
    the owner’s gems when the price is within the cap, once per term; otherwise (or when the owner’s
    spend mandate refuses it, or the price is above its approval threshold: the sweep never pays what
    needs an approval) it writes `domain.renewal_failed` with the reason. Owner (or the owner’s
    operator) only.

    Args:
        domain_name (str):
        body (SetAutoRenewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SetAutoRenewResponse200]
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
    body: SetAutoRenewBody,
) -> Error | SetAutoRenewResponse200 | None:
    """Turn auto-renew from the owner’s gems on (with a price cap) or off

     Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A
    few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from
    the owner’s gems when the price is within the cap, once per term; otherwise (or when the owner’s
    spend mandate refuses it, or the price is above its approval threshold: the sweep never pays what
    needs an approval) it writes `domain.renewal_failed` with the reason. Owner (or the owner’s
    operator) only.

    Args:
        domain_name (str):
        body (SetAutoRenewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SetAutoRenewResponse200
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
    body: SetAutoRenewBody,
) -> Response[Error | SetAutoRenewResponse200]:
    """Turn auto-renew from the owner’s gems on (with a price cap) or off

     Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A
    few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from
    the owner’s gems when the price is within the cap, once per term; otherwise (or when the owner’s
    spend mandate refuses it, or the price is above its approval threshold: the sweep never pays what
    needs an approval) it writes `domain.renewal_failed` with the reason. Owner (or the owner’s
    operator) only.

    Args:
        domain_name (str):
        body (SetAutoRenewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SetAutoRenewResponse200]
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
    body: SetAutoRenewBody,
) -> Error | SetAutoRenewResponse200 | None:
    """Turn auto-renew from the owner’s gems on (with a price cap) or off

     Turns auto-renew on with a price cap (`max_gems`, the most a one-year renewal may cost) or off. A
    few days before expiry (AUTO_RENEW_DAYS_BEFORE) the expiry sweep renews the name for one year from
    the owner’s gems when the price is within the cap, once per term; otherwise (or when the owner’s
    spend mandate refuses it, or the price is above its approval threshold: the sweep never pays what
    needs an approval) it writes `domain.renewal_failed` with the reason. Owner (or the owner’s
    operator) only.

    Args:
        domain_name (str):
        body (SetAutoRenewBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SetAutoRenewResponse200
    """

    return (
        await asyncio_detailed(
            domain_name=domain_name,
            client=client,
            body=body,
        )
    ).parsed
