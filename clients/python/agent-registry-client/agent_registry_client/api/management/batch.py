from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.batch_body import BatchBody
from ...models.batch_response_200 import BatchResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    *,
    body: BatchBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/batch",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BatchResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = BatchResponse200.from_dict(response.json())

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
) -> Response[BatchResponse200 | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: BatchBody,
) -> Response[BatchResponse200 | Error]:
    """Up to 50 operations in one request, each answered on its own (batches do not pay)

     Up to 50 operations of the existing API in one request, run in order, each answered with its own
    status and body exactly as its route would answer it (access rules, validation, refusals and
    Idempotency-Key included: each under its own `idempotency_key`): `renew` (POST /api/v1/renew),
    `set_auto_renew` (PUT …/auto-renew), `patch_records` (PATCH …/records), `lock` (POST …/lock) and
    `list_for_sale` (PUT …/listing). Each stands alone: one refused leaves the others done. A batch does
    not pay: an operation that would answer a payment challenge (a renewal without `payment_method:
    gems`) is refused with 402 `batch_cannot_pay` and opens no checkout; send it on its own. The batch
    itself answers 200 (400 when it is malformed or holds more than 50).

    Args:
        body (BatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchResponse200 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: BatchBody,
) -> BatchResponse200 | Error | None:
    """Up to 50 operations in one request, each answered on its own (batches do not pay)

     Up to 50 operations of the existing API in one request, run in order, each answered with its own
    status and body exactly as its route would answer it (access rules, validation, refusals and
    Idempotency-Key included: each under its own `idempotency_key`): `renew` (POST /api/v1/renew),
    `set_auto_renew` (PUT …/auto-renew), `patch_records` (PATCH …/records), `lock` (POST …/lock) and
    `list_for_sale` (PUT …/listing). Each stands alone: one refused leaves the others done. A batch does
    not pay: an operation that would answer a payment challenge (a renewal without `payment_method:
    gems`) is refused with 402 `batch_cannot_pay` and opens no checkout; send it on its own. The batch
    itself answers 200 (400 when it is malformed or holds more than 50).

    Args:
        body (BatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchResponse200 | Error
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: BatchBody,
) -> Response[BatchResponse200 | Error]:
    """Up to 50 operations in one request, each answered on its own (batches do not pay)

     Up to 50 operations of the existing API in one request, run in order, each answered with its own
    status and body exactly as its route would answer it (access rules, validation, refusals and
    Idempotency-Key included: each under its own `idempotency_key`): `renew` (POST /api/v1/renew),
    `set_auto_renew` (PUT …/auto-renew), `patch_records` (PATCH …/records), `lock` (POST …/lock) and
    `list_for_sale` (PUT …/listing). Each stands alone: one refused leaves the others done. A batch does
    not pay: an operation that would answer a payment challenge (a renewal without `payment_method:
    gems`) is refused with 402 `batch_cannot_pay` and opens no checkout; send it on its own. The batch
    itself answers 200 (400 when it is malformed or holds more than 50).

    Args:
        body (BatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BatchResponse200 | Error]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: BatchBody,
) -> BatchResponse200 | Error | None:
    """Up to 50 operations in one request, each answered on its own (batches do not pay)

     Up to 50 operations of the existing API in one request, run in order, each answered with its own
    status and body exactly as its route would answer it (access rules, validation, refusals and
    Idempotency-Key included: each under its own `idempotency_key`): `renew` (POST /api/v1/renew),
    `set_auto_renew` (PUT …/auto-renew), `patch_records` (PATCH …/records), `lock` (POST …/lock) and
    `list_for_sale` (PUT …/listing). Each stands alone: one refused leaves the others done. A batch does
    not pay: an operation that would answer a payment challenge (a renewal without `payment_method:
    gems`) is refused with 402 `batch_cannot_pay` and opens no checkout; send it on its own. The batch
    itself answers 200 (400 when it is malformed or holds more than 50).

    Args:
        body (BatchBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BatchResponse200 | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
