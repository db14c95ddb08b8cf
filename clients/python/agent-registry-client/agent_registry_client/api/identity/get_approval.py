from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.get_approval_response_200 import GetApprovalResponse200
from ...types import Response


def _get_kwargs(
    approval_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/approvals/{approval_id}".format(
            approval_id=quote(str(approval_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | GetApprovalResponse200 | None:
    if response.status_code == 200:
        response_200 = GetApprovalResponse200.from_dict(response.json())

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
) -> Response[Error | GetApprovalResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    approval_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Error | GetApprovalResponse200]:
    """A purchase waiting for the person’s approval

     A purchase waiting for (or decided by) the person who manages the agent: its status (`pending`,
    `approved`, `refused`, `expired`), the operation, name and amount, when it was asked and decided and
    by whom, and where its checkout stands (`checkout.stage`: `awaiting_payment` means re-send the
    request for its 402). For the agent and the person managing it; anyone else 404.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetApprovalResponse200]
    """

    kwargs = _get_kwargs(
        approval_id=approval_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    approval_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Error | GetApprovalResponse200 | None:
    """A purchase waiting for the person’s approval

     A purchase waiting for (or decided by) the person who manages the agent: its status (`pending`,
    `approved`, `refused`, `expired`), the operation, name and amount, when it was asked and decided and
    by whom, and where its checkout stands (`checkout.stage`: `awaiting_payment` means re-send the
    request for its 402). For the agent and the person managing it; anyone else 404.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetApprovalResponse200
    """

    return sync_detailed(
        approval_id=approval_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    approval_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[Error | GetApprovalResponse200]:
    """A purchase waiting for the person’s approval

     A purchase waiting for (or decided by) the person who manages the agent: its status (`pending`,
    `approved`, `refused`, `expired`), the operation, name and amount, when it was asked and decided and
    by whom, and where its checkout stands (`checkout.stage`: `awaiting_payment` means re-send the
    request for its 402). For the agent and the person managing it; anyone else 404.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | GetApprovalResponse200]
    """

    kwargs = _get_kwargs(
        approval_id=approval_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    approval_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Error | GetApprovalResponse200 | None:
    """A purchase waiting for the person’s approval

     A purchase waiting for (or decided by) the person who manages the agent: its status (`pending`,
    `approved`, `refused`, `expired`), the operation, name and amount, when it was asked and decided and
    by whom, and where its checkout stands (`checkout.stage`: `awaiting_payment` means re-send the
    request for its 402). For the agent and the person managing it; anyone else 404.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | GetApprovalResponse200
    """

    return (
        await asyncio_detailed(
            approval_id=approval_id,
            client=client,
        )
    ).parsed
