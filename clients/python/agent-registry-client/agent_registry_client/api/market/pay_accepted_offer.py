from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.mandate_refusal import MandateRefusal
from ...models.pay_accepted_offer_body import PayAcceptedOfferBody
from ...models.pay_accepted_offer_response_200 import PayAcceptedOfferResponse200
from ...models.pay_accepted_offer_response_202 import PayAcceptedOfferResponse202
from ...models.pay_accepted_offer_response_402_type_0 import PayAcceptedOfferResponse402Type0
from ...types import UNSET, Response, Unset


def _get_kwargs(
    offer_id: str,
    *,
    body: PayAcceptedOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/offers/{offer_id}/pay".format(
            offer_id=quote(str(offer_id), safe=""),
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
    | PayAcceptedOfferResponse402Type0
    | PayAcceptedOfferResponse200
    | PayAcceptedOfferResponse202
    | None
):
    if response.status_code == 200:
        response_200 = PayAcceptedOfferResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = PayAcceptedOfferResponse202.from_dict(response.json())

        return response_202

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 402:

        def _parse_response_402(data: object) -> Error | PayAcceptedOfferResponse402Type0:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_402_type_0 = PayAcceptedOfferResponse402Type0.from_dict(data)

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
    Error
    | Error
    | MandateRefusal
    | Error
    | PayAcceptedOfferResponse402Type0
    | PayAcceptedOfferResponse200
    | PayAcceptedOfferResponse202
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    body: PayAcceptedOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | PayAcceptedOfferResponse402Type0
    | PayAcceptedOfferResponse200
    | PayAcceptedOfferResponse202
]:
    """Pay your accepted pathUSD offer: 402 challenge, then the sale

     The bidder pays an accepted pathUSD offer: without a receipt a 402 challenge for the offered amount
    (as registration’s); pay once and re-send with the transaction hash; the sale completes as a
    purchase does. After the window closes unpaid the offer ends `expired`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):
        body (PayAcceptedOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | Error | PayAcceptedOfferResponse402Type0 | PayAcceptedOfferResponse200 | PayAcceptedOfferResponse202]
    """

    kwargs = _get_kwargs(
        offer_id=offer_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    body: PayAcceptedOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | PayAcceptedOfferResponse402Type0
    | PayAcceptedOfferResponse200
    | PayAcceptedOfferResponse202
    | None
):
    """Pay your accepted pathUSD offer: 402 challenge, then the sale

     The bidder pays an accepted pathUSD offer: without a receipt a 402 challenge for the offered amount
    (as registration’s); pay once and re-send with the transaction hash; the sale completes as a
    purchase does. After the window closes unpaid the offer ends `expired`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):
        body (PayAcceptedOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | Error | PayAcceptedOfferResponse402Type0 | PayAcceptedOfferResponse200 | PayAcceptedOfferResponse202
    """

    return sync_detailed(
        offer_id=offer_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    body: PayAcceptedOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[
    Error
    | Error
    | MandateRefusal
    | Error
    | PayAcceptedOfferResponse402Type0
    | PayAcceptedOfferResponse200
    | PayAcceptedOfferResponse202
]:
    """Pay your accepted pathUSD offer: 402 challenge, then the sale

     The bidder pays an accepted pathUSD offer: without a receipt a 402 challenge for the offered amount
    (as registration’s); pay once and re-send with the transaction hash; the sale completes as a
    purchase does. After the window closes unpaid the offer ends `expired`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):
        body (PayAcceptedOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | Error | PayAcceptedOfferResponse402Type0 | PayAcceptedOfferResponse200 | PayAcceptedOfferResponse202]
    """

    kwargs = _get_kwargs(
        offer_id=offer_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    offer_id: str,
    *,
    client: AuthenticatedClient,
    body: PayAcceptedOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> (
    Error
    | Error
    | MandateRefusal
    | Error
    | PayAcceptedOfferResponse402Type0
    | PayAcceptedOfferResponse200
    | PayAcceptedOfferResponse202
    | None
):
    """Pay your accepted pathUSD offer: 402 challenge, then the sale

     The bidder pays an accepted pathUSD offer: without a receipt a 402 challenge for the offered amount
    (as registration’s); pay once and re-send with the transaction hash; the sale completes as a
    purchase does. After the window closes unpaid the offer ends `expired`.

    Args:
        offer_id (str):
        idempotency_key (str | Unset):
        body (PayAcceptedOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | Error | PayAcceptedOfferResponse402Type0 | PayAcceptedOfferResponse200 | PayAcceptedOfferResponse202
    """

    return (
        await asyncio_detailed(
            offer_id=offer_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
