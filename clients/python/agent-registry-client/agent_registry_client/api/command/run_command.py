from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.command_error import CommandError
from ...models.error import Error
from ...models.run_command_body import RunCommandBody
from ...models.run_command_response_200 import RunCommandResponse200
from ...types import Response


def _get_kwargs(
    *,
    body: RunCommandBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/command",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CommandError | Error | RunCommandResponse200 | None:
    if response.status_code == 200:
        response_200 = RunCommandResponse200.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = CommandError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = CommandError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = CommandError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = CommandError.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = CommandError.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = CommandError.from_dict(response.json())

        return response_413

    if response.status_code == 414:
        response_414 = Error.from_dict(response.json())

        return response_414

    if response.status_code == 415:
        response_415 = CommandError.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = CommandError.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = Error.from_dict(response.json())

        return response_431

    if response.status_code == 500:
        response_500 = CommandError.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = CommandError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CommandError | Error | RunCommandResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: RunCommandBody,
) -> Response[CommandError | Error | RunCommandResponse200]:
    """Structured command (dry run only): expiring domains, or what a renewal would cost

     A structured command, `dry_run` only. `show_expiring_domains` lists the domains you and the agents
    you claimed own that expire within `within_days` (1–4025: ten years of terms and the longest grace
    period; default 30); `renew_domain` says what renewing a domain you own or manage would cost (`mpp`,
    `agent_mpp`, `agent`: agent price in USD on the mpp route; anything else: human price in gems) and
    where its expiry would move. Nothing is charged, renewed or written. Every answer, errors included,
    is the command envelope (spec 7).

    Args:
        body (RunCommandBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandError | Error | RunCommandResponse200]
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
    body: RunCommandBody,
) -> CommandError | Error | RunCommandResponse200 | None:
    """Structured command (dry run only): expiring domains, or what a renewal would cost

     A structured command, `dry_run` only. `show_expiring_domains` lists the domains you and the agents
    you claimed own that expire within `within_days` (1–4025: ten years of terms and the longest grace
    period; default 30); `renew_domain` says what renewing a domain you own or manage would cost (`mpp`,
    `agent_mpp`, `agent`: agent price in USD on the mpp route; anything else: human price in gems) and
    where its expiry would move. Nothing is charged, renewed or written. Every answer, errors included,
    is the command envelope (spec 7).

    Args:
        body (RunCommandBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandError | Error | RunCommandResponse200
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: RunCommandBody,
) -> Response[CommandError | Error | RunCommandResponse200]:
    """Structured command (dry run only): expiring domains, or what a renewal would cost

     A structured command, `dry_run` only. `show_expiring_domains` lists the domains you and the agents
    you claimed own that expire within `within_days` (1–4025: ten years of terms and the longest grace
    period; default 30); `renew_domain` says what renewing a domain you own or manage would cost (`mpp`,
    `agent_mpp`, `agent`: agent price in USD on the mpp route; anything else: human price in gems) and
    where its expiry would move. Nothing is charged, renewed or written. Every answer, errors included,
    is the command envelope (spec 7).

    Args:
        body (RunCommandBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CommandError | Error | RunCommandResponse200]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: RunCommandBody,
) -> CommandError | Error | RunCommandResponse200 | None:
    """Structured command (dry run only): expiring domains, or what a renewal would cost

     A structured command, `dry_run` only. `show_expiring_domains` lists the domains you and the agents
    you claimed own that expire within `within_days` (1–4025: ten years of terms and the longest grace
    period; default 30); `renew_domain` says what renewing a domain you own or manage would cost (`mpp`,
    `agent_mpp`, `agent`: agent price in USD on the mpp route; anything else: human price in gems) and
    where its expiry would move. Nothing is charged, renewed or written. Every answer, errors included,
    is the command envelope (spec 7).

    Args:
        body (RunCommandBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CommandError | Error | RunCommandResponse200
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
