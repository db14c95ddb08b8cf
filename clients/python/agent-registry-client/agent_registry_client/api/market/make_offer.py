from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.make_offer_body import MakeOfferBody
from ...models.make_offer_response_200 import MakeOfferResponse200
from ...models.make_offer_response_202 import MakeOfferResponse202
from ...models.mandate_refusal import MandateRefusal
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: MakeOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/make-offer",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202 | None:
    if response.status_code == 200:
        response_200 = MakeOfferResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 202:
        response_202 = MakeOfferResponse202.from_dict(response.json())

        return response_202

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
) -> Response[Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: MakeOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202]:
    """Offer an amount for a name; a gems offer is held in escrow until it ends

     Offers `amount` for a name (any registered name you do not own), in `gems` (whole) or `pathusd`
    (USD, at most two decimals). Under the seller’s floor (`min_offer` of the listing): 400
    `offer_below_minimum` with `minimum` and `currency` beside `code` (spec 7). A gems offer moves the
    amount from your balance into the offer’s escrow at once (402 `insufficient_gems` otherwise); it
    comes back when the offer is rejected, withdrawn or expires (`OFFER_TTL_HOURS`), or goes to the
    seller when accepted. A pathUSD offer holds nothing: once accepted you pay it (`POST
    …/offers/{id}/pay`). Above the approval threshold of your spend mandate (`approval_above`), as buy-
    secondary: 202 `approval_required`, and the offer is neither made nor escrowed (a gems amount counts
    against your budget meanwhile) until the person who manages you approves it; then it opens by itself
    (its `offer_id` is the `approval_id`). Each offer is a run `offer:<id>` in Temporal.

    Args:
        idempotency_key (str | Unset):
        body (MakeOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202]
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
    body: MakeOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202 | None:
    """Offer an amount for a name; a gems offer is held in escrow until it ends

     Offers `amount` for a name (any registered name you do not own), in `gems` (whole) or `pathusd`
    (USD, at most two decimals). Under the seller’s floor (`min_offer` of the listing): 400
    `offer_below_minimum` with `minimum` and `currency` beside `code` (spec 7). A gems offer moves the
    amount from your balance into the offer’s escrow at once (402 `insufficient_gems` otherwise); it
    comes back when the offer is rejected, withdrawn or expires (`OFFER_TTL_HOURS`), or goes to the
    seller when accepted. A pathUSD offer holds nothing: once accepted you pay it (`POST
    …/offers/{id}/pay`). Above the approval threshold of your spend mandate (`approval_above`), as buy-
    secondary: 202 `approval_required`, and the offer is neither made nor escrowed (a gems amount counts
    against your budget meanwhile) until the person who manages you approves it; then it opens by itself
    (its `offer_id` is the `approval_id`). Each offer is a run `offer:<id>` in Temporal.

    Args:
        idempotency_key (str | Unset):
        body (MakeOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: MakeOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202]:
    """Offer an amount for a name; a gems offer is held in escrow until it ends

     Offers `amount` for a name (any registered name you do not own), in `gems` (whole) or `pathusd`
    (USD, at most two decimals). Under the seller’s floor (`min_offer` of the listing): 400
    `offer_below_minimum` with `minimum` and `currency` beside `code` (spec 7). A gems offer moves the
    amount from your balance into the offer’s escrow at once (402 `insufficient_gems` otherwise); it
    comes back when the offer is rejected, withdrawn or expires (`OFFER_TTL_HOURS`), or goes to the
    seller when accepted. A pathUSD offer holds nothing: once accepted you pay it (`POST
    …/offers/{id}/pay`). Above the approval threshold of your spend mandate (`approval_above`), as buy-
    secondary: 202 `approval_required`, and the offer is neither made nor escrowed (a gems amount counts
    against your budget meanwhile) until the person who manages you approves it; then it opens by itself
    (its `offer_id` is the `approval_id`). Each offer is a run `offer:<id>` in Temporal.

    Args:
        idempotency_key (str | Unset):
        body (MakeOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202]
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
    body: MakeOfferBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202 | None:
    """Offer an amount for a name; a gems offer is held in escrow until it ends

     Offers `amount` for a name (any registered name you do not own), in `gems` (whole) or `pathusd`
    (USD, at most two decimals). Under the seller’s floor (`min_offer` of the listing): 400
    `offer_below_minimum` with `minimum` and `currency` beside `code` (spec 7). A gems offer moves the
    amount from your balance into the offer’s escrow at once (402 `insufficient_gems` otherwise); it
    comes back when the offer is rejected, withdrawn or expires (`OFFER_TTL_HOURS`), or goes to the
    seller when accepted. A pathUSD offer holds nothing: once accepted you pay it (`POST
    …/offers/{id}/pay`). Above the approval threshold of your spend mandate (`approval_above`), as buy-
    secondary: 202 `approval_required`, and the offer is neither made nor escrowed (a gems amount counts
    against your budget meanwhile) until the person who manages you approves it; then it opens by itself
    (its `offer_id` is the `approval_id`). Each offer is a run `offer:<id>` in Temporal.

    Args:
        idempotency_key (str | Unset):
        body (MakeOfferBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Error | MandateRefusal | MakeOfferResponse200 | MakeOfferResponse202
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
