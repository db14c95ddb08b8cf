from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_for_sale_currency import ListForSaleCurrency
from ...models.list_for_sale_response_200 import ListForSaleResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    currency: ListForSaleCurrency | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_currency: str | Unset = UNSET
    if not isinstance(currency, Unset):
        json_currency = currency.value

    params["currency"] = json_currency

    params["limit"] = limit

    params["offset"] = offset

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/domains/for-sale",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | ListForSaleResponse200 | None:
    if response.status_code == 200:
        response_200 = ListForSaleResponse200.from_dict(response.json())

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
) -> Response[Error | ListForSaleResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    currency: ListForSaleCurrency | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Response[Error | ListForSaleResponse200]:
    """Names listed for sale, newest listing first

     Names listed for sale (active names only), newest listing first, paged (`limit` 1–100, default 50;
    `offset`). `currency=gems` keeps the names with a price in gems, `currency=usd` those with a price
    in USD.

    Args:
        currency (ListForSaleCurrency | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListForSaleResponse200]
    """

    kwargs = _get_kwargs(
        currency=currency,
        limit=limit,
        offset=offset,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    currency: ListForSaleCurrency | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Error | ListForSaleResponse200 | None:
    """Names listed for sale, newest listing first

     Names listed for sale (active names only), newest listing first, paged (`limit` 1–100, default 50;
    `offset`). `currency=gems` keeps the names with a price in gems, `currency=usd` those with a price
    in USD.

    Args:
        currency (ListForSaleCurrency | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListForSaleResponse200
    """

    return sync_detailed(
        client=client,
        currency=currency,
        limit=limit,
        offset=offset,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    currency: ListForSaleCurrency | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Response[Error | ListForSaleResponse200]:
    """Names listed for sale, newest listing first

     Names listed for sale (active names only), newest listing first, paged (`limit` 1–100, default 50;
    `offset`). `currency=gems` keeps the names with a price in gems, `currency=usd` those with a price
    in USD.

    Args:
        currency (ListForSaleCurrency | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | ListForSaleResponse200]
    """

    kwargs = _get_kwargs(
        currency=currency,
        limit=limit,
        offset=offset,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    currency: ListForSaleCurrency | Unset = UNSET,
    limit: int | Unset = 50,
    offset: int | Unset = 0,
) -> Error | ListForSaleResponse200 | None:
    """Names listed for sale, newest listing first

     Names listed for sale (active names only), newest listing first, paged (`limit` 1–100, default 50;
    `offset`). `currency=gems` keeps the names with a price in gems, `currency=usd` those with a price
    in USD.

    Args:
        currency (ListForSaleCurrency | Unset):
        limit (int | Unset):  Default: 50.
        offset (int | Unset):  Default: 0.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | ListForSaleResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            currency=currency,
            limit=limit,
            offset=offset,
        )
    ).parsed
