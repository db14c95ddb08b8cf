from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.human_checkout_buy_body import HumanCheckoutBuyBody
from ...types import Response


def _get_kwargs(
    domain: str,
    *,
    body: HumanCheckoutBuyBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/checkout/{domain}".format(
            domain=quote(str(domain), safe=""),
        ),
    }

    _kwargs["data"] = body.to_dict()
    headers["Content-Type"] = "application/x-www-form-urlencoded"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:
        response_402 = Error.from_dict(response.json())

        return response_402

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    domain: str,
    *,
    client: AuthenticatedClient,
    body: HumanCheckoutBuyBody,
) -> Response[Error | str]:
    """Buy from the human checkout page: the form post (HTML result)

     The checkout page’s form (`application/x-www-form-urlencoded`: `csrf_token`, `affiliate_id`),
    signed-in browsers only: buys the name with gems exactly as buy-secondary with `payment_method:
    "gems"` does (90% seller, 5% referrer, 5% platform) and answers with a page saying what was paid.
    Refused with 403 `forbidden` when the form comes from another site (`Sec-Fetch-Site`, `Origin`) or
    lacks this session’s token for this name; the purchase refusals (`insufficient_gems` 402,
    `not_listed` 404, `name_being_bought` 409, …) are pages to a browser and JSON error bodies to other
    clients.

    Args:
        domain (str):
        body (HumanCheckoutBuyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        domain=domain,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain: str,
    *,
    client: AuthenticatedClient,
    body: HumanCheckoutBuyBody,
) -> Error | str | None:
    """Buy from the human checkout page: the form post (HTML result)

     The checkout page’s form (`application/x-www-form-urlencoded`: `csrf_token`, `affiliate_id`),
    signed-in browsers only: buys the name with gems exactly as buy-secondary with `payment_method:
    "gems"` does (90% seller, 5% referrer, 5% platform) and answers with a page saying what was paid.
    Refused with 403 `forbidden` when the form comes from another site (`Sec-Fetch-Site`, `Origin`) or
    lacks this session’s token for this name; the purchase refusals (`insufficient_gems` 402,
    `not_listed` 404, `name_being_bought` 409, …) are pages to a browser and JSON error bodies to other
    clients.

    Args:
        domain (str):
        body (HumanCheckoutBuyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return sync_detailed(
        domain=domain,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    domain: str,
    *,
    client: AuthenticatedClient,
    body: HumanCheckoutBuyBody,
) -> Response[Error | str]:
    """Buy from the human checkout page: the form post (HTML result)

     The checkout page’s form (`application/x-www-form-urlencoded`: `csrf_token`, `affiliate_id`),
    signed-in browsers only: buys the name with gems exactly as buy-secondary with `payment_method:
    "gems"` does (90% seller, 5% referrer, 5% platform) and answers with a page saying what was paid.
    Refused with 403 `forbidden` when the form comes from another site (`Sec-Fetch-Site`, `Origin`) or
    lacks this session’s token for this name; the purchase refusals (`insufficient_gems` 402,
    `not_listed` 404, `name_being_bought` 409, …) are pages to a browser and JSON error bodies to other
    clients.

    Args:
        domain (str):
        body (HumanCheckoutBuyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | str]
    """

    kwargs = _get_kwargs(
        domain=domain,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain: str,
    *,
    client: AuthenticatedClient,
    body: HumanCheckoutBuyBody,
) -> Error | str | None:
    """Buy from the human checkout page: the form post (HTML result)

     The checkout page’s form (`application/x-www-form-urlencoded`: `csrf_token`, `affiliate_id`),
    signed-in browsers only: buys the name with gems exactly as buy-secondary with `payment_method:
    "gems"` does (90% seller, 5% referrer, 5% platform) and answers with a page saying what was paid.
    Refused with 403 `forbidden` when the form comes from another site (`Sec-Fetch-Site`, `Origin`) or
    lacks this session’s token for this name; the purchase refusals (`insufficient_gems` 402,
    `not_listed` 404, `name_being_bought` 409, …) are pages to a browser and JSON error bodies to other
    clients.

    Args:
        domain (str):
        body (HumanCheckoutBuyBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | str
    """

    return (
        await asyncio_detailed(
            domain=domain,
            client=client,
            body=body,
        )
    ).parsed
