from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.buy_secondary_body import BuySecondaryBody
from ...models.buy_secondary_response_200 import BuySecondaryResponse200
from ...models.buy_secondary_response_202 import BuySecondaryResponse202
from ...models.buy_secondary_response_402_type_0 import BuySecondaryResponse402Type0
from ...models.error import Error
from ...models.mandate_refusal import MandateRefusal
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: BuySecondaryBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/buy-secondary",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    BuySecondaryResponse200
    | BuySecondaryResponse202
    | BuySecondaryResponse402Type0
    | Error
    | Error
    | Error
    | MandateRefusal
    | None
):
    if response.status_code == 200:
        response_200 = BuySecondaryResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = BuySecondaryResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:

        def _parse_response_402(data: object) -> BuySecondaryResponse402Type0 | Error:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_402_type_0 = BuySecondaryResponse402Type0.from_dict(data)

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

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

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
    BuySecondaryResponse200
    | BuySecondaryResponse202
    | BuySecondaryResponse402Type0
    | Error
    | Error
    | Error
    | MandateRefusal
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BuySecondaryBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    BuySecondaryResponse200
    | BuySecondaryResponse202
    | BuySecondaryResponse402Type0
    | Error
    | Error
    | Error
    | MandateRefusal
]:
    """Buy a listed name: 402 challenge for the USD asking price (mpp), instant with gems

     Buys a listed name. Default `mpp`: without a receipt a 402 challenge for the USD asking price
    (pathUSD, like registration’s); pay once, re-send with the transaction hash; the name moves to the
    buyer (the key’s account, or the paying wallet’s identity). A payment that landed after its checkout
    closed unpaid is credited once as gems to the checkout’s holder (409 `checkout_closed` with
    `details.credited`). `payment_method: "gems"` buys at the gems price from your balance at once. One
    open purchase per name: a second buyer gets 409 `name_being_bought` before paying. A landed payment
    completes at the price it was challenged at, even if the listing changed; if the name changed hands
    meanwhile the payment is credited back as gems. `affiliate_id` (an account id or a person’s
    username, not the buyer or seller) earns 5%.

    Args:
        idempotency_key (str | Unset):
        body (BuySecondaryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BuySecondaryResponse200 | BuySecondaryResponse202 | BuySecondaryResponse402Type0 | Error | Error | Error | MandateRefusal]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BuySecondaryBody,
    idempotency_key: str | Unset = UNSET,
) -> (
    BuySecondaryResponse200
    | BuySecondaryResponse202
    | BuySecondaryResponse402Type0
    | Error
    | Error
    | Error
    | MandateRefusal
    | None
):
    """Buy a listed name: 402 challenge for the USD asking price (mpp), instant with gems

     Buys a listed name. Default `mpp`: without a receipt a 402 challenge for the USD asking price
    (pathUSD, like registration’s); pay once, re-send with the transaction hash; the name moves to the
    buyer (the key’s account, or the paying wallet’s identity). A payment that landed after its checkout
    closed unpaid is credited once as gems to the checkout’s holder (409 `checkout_closed` with
    `details.credited`). `payment_method: "gems"` buys at the gems price from your balance at once. One
    open purchase per name: a second buyer gets 409 `name_being_bought` before paying. A landed payment
    completes at the price it was challenged at, even if the listing changed; if the name changed hands
    meanwhile the payment is credited back as gems. `affiliate_id` (an account id or a person’s
    username, not the buyer or seller) earns 5%.

    Args:
        idempotency_key (str | Unset):
        body (BuySecondaryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BuySecondaryResponse200 | BuySecondaryResponse202 | BuySecondaryResponse402Type0 | Error | Error | Error | MandateRefusal
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BuySecondaryBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    BuySecondaryResponse200
    | BuySecondaryResponse202
    | BuySecondaryResponse402Type0
    | Error
    | Error
    | Error
    | MandateRefusal
]:
    """Buy a listed name: 402 challenge for the USD asking price (mpp), instant with gems

     Buys a listed name. Default `mpp`: without a receipt a 402 challenge for the USD asking price
    (pathUSD, like registration’s); pay once, re-send with the transaction hash; the name moves to the
    buyer (the key’s account, or the paying wallet’s identity). A payment that landed after its checkout
    closed unpaid is credited once as gems to the checkout’s holder (409 `checkout_closed` with
    `details.credited`). `payment_method: "gems"` buys at the gems price from your balance at once. One
    open purchase per name: a second buyer gets 409 `name_being_bought` before paying. A landed payment
    completes at the price it was challenged at, even if the listing changed; if the name changed hands
    meanwhile the payment is credited back as gems. `affiliate_id` (an account id or a person’s
    username, not the buyer or seller) earns 5%.

    Args:
        idempotency_key (str | Unset):
        body (BuySecondaryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BuySecondaryResponse200 | BuySecondaryResponse202 | BuySecondaryResponse402Type0 | Error | Error | Error | MandateRefusal]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BuySecondaryBody,
    idempotency_key: str | Unset = UNSET,
) -> (
    BuySecondaryResponse200
    | BuySecondaryResponse202
    | BuySecondaryResponse402Type0
    | Error
    | Error
    | Error
    | MandateRefusal
    | None
):
    """Buy a listed name: 402 challenge for the USD asking price (mpp), instant with gems

     Buys a listed name. Default `mpp`: without a receipt a 402 challenge for the USD asking price
    (pathUSD, like registration’s); pay once, re-send with the transaction hash; the name moves to the
    buyer (the key’s account, or the paying wallet’s identity). A payment that landed after its checkout
    closed unpaid is credited once as gems to the checkout’s holder (409 `checkout_closed` with
    `details.credited`). `payment_method: "gems"` buys at the gems price from your balance at once. One
    open purchase per name: a second buyer gets 409 `name_being_bought` before paying. A landed payment
    completes at the price it was challenged at, even if the listing changed; if the name changed hands
    meanwhile the payment is credited back as gems. `affiliate_id` (an account id or a person’s
    username, not the buyer or seller) earns 5%.

    Args:
        idempotency_key (str | Unset):
        body (BuySecondaryBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BuySecondaryResponse200 | BuySecondaryResponse202 | BuySecondaryResponse402Type0 | Error | Error | Error | MandateRefusal
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
