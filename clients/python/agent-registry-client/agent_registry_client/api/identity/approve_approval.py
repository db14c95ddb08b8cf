from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.approve_approval_response_200 import ApproveApprovalResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    approval_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/approvals/{approval_id}/approve".format(
            approval_id=quote(str(approval_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApproveApprovalResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = ApproveApprovalResponse200.from_dict(response.json())

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
) -> Response[ApproveApprovalResponse200 | Error]:
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
) -> Response[ApproveApprovalResponse200 | Error]:
    """Approve a purchase waiting for you

     Approves a purchase waiting above the agent’s approval threshold: a gems purchase completes at once;
    a machine payment’s checkout moves to awaiting_payment (the agent re-sends its request for the 402).
    Only the person who manages the agent decides (their session or bearer token); the agent itself gets
    403 `forbidden`; anyone else 404 `approval_not_found`. Deciding again the same way answers the
    approval as it stands; the other way, or after its deadline, is 409 `approval_already_decided`.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApproveApprovalResponse200 | Error]
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
) -> ApproveApprovalResponse200 | Error | None:
    """Approve a purchase waiting for you

     Approves a purchase waiting above the agent’s approval threshold: a gems purchase completes at once;
    a machine payment’s checkout moves to awaiting_payment (the agent re-sends its request for the 402).
    Only the person who manages the agent decides (their session or bearer token); the agent itself gets
    403 `forbidden`; anyone else 404 `approval_not_found`. Deciding again the same way answers the
    approval as it stands; the other way, or after its deadline, is 409 `approval_already_decided`.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApproveApprovalResponse200 | Error
    """

    return sync_detailed(
        approval_id=approval_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    approval_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[ApproveApprovalResponse200 | Error]:
    """Approve a purchase waiting for you

     Approves a purchase waiting above the agent’s approval threshold: a gems purchase completes at once;
    a machine payment’s checkout moves to awaiting_payment (the agent re-sends its request for the 402).
    Only the person who manages the agent decides (their session or bearer token); the agent itself gets
    403 `forbidden`; anyone else 404 `approval_not_found`. Deciding again the same way answers the
    approval as it stands; the other way, or after its deadline, is 409 `approval_already_decided`.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApproveApprovalResponse200 | Error]
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
) -> ApproveApprovalResponse200 | Error | None:
    """Approve a purchase waiting for you

     Approves a purchase waiting above the agent’s approval threshold: a gems purchase completes at once;
    a machine payment’s checkout moves to awaiting_payment (the agent re-sends its request for the 402).
    Only the person who manages the agent decides (their session or bearer token); the agent itself gets
    403 `forbidden`; anyone else 404 `approval_not_found`. Deciding again the same way answers the
    approval as it stands; the other way, or after its deadline, is 409 `approval_already_decided`.

    Args:
        approval_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApproveApprovalResponse200 | Error
    """

    return (
        await asyncio_detailed(
            approval_id=approval_id,
            client=client,
        )
    ).parsed
