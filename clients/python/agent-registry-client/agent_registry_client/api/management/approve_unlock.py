from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.approve_unlock_response_200 import ApproveUnlockResponse200
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    domain_name: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/domains/{domain_name}/unlock/approve".format(
            domain_name=quote(str(domain_name), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApproveUnlockResponse200 | Error | None:
    if response.status_code == 200:
        response_200 = ApproveUnlockResponse200.from_dict(response.json())

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
) -> Response[ApproveUnlockResponse200 | Error]:
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
) -> Response[ApproveUnlockResponse200 | Error]:
    """Approve the pending unlock of a name (a second person)

     Approves the pending request to lift the lock; the lock lifts at once. The approver must be a second
    human (docs/teams.md "The second person"): a person (bearer or dashboard, never a key) who manages
    the name, who is neither the one who asked nor the person who claimed the agent that asked (403
    `forbidden`, `details.rule` `same_person`; an asker with no known person: `asker_unknown`, only the
    delay lifts it), and who, acting for a team, has been its member since before the lock was set and
    for at least the delay before the request (`joined_too_recently`). Outside a team only the delay
    lifts a lock. 404 `unlock_not_found` without a pending request.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApproveUnlockResponse200 | Error]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> ApproveUnlockResponse200 | Error | None:
    """Approve the pending unlock of a name (a second person)

     Approves the pending request to lift the lock; the lock lifts at once. The approver must be a second
    human (docs/teams.md "The second person"): a person (bearer or dashboard, never a key) who manages
    the name, who is neither the one who asked nor the person who claimed the agent that asked (403
    `forbidden`, `details.rule` `same_person`; an asker with no known person: `asker_unknown`, only the
    delay lifts it), and who, acting for a team, has been its member since before the lock was set and
    for at least the delay before the request (`joined_too_recently`). Outside a team only the delay
    lifts a lock. 404 `unlock_not_found` without a pending request.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApproveUnlockResponse200 | Error
    """

    return sync_detailed(
        domain_name=domain_name,
        client=client,
    ).parsed


async def asyncio_detailed(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> Response[ApproveUnlockResponse200 | Error]:
    """Approve the pending unlock of a name (a second person)

     Approves the pending request to lift the lock; the lock lifts at once. The approver must be a second
    human (docs/teams.md "The second person"): a person (bearer or dashboard, never a key) who manages
    the name, who is neither the one who asked nor the person who claimed the agent that asked (403
    `forbidden`, `details.rule` `same_person`; an asker with no known person: `asker_unknown`, only the
    delay lifts it), and who, acting for a team, has been its member since before the lock was set and
    for at least the delay before the request (`joined_too_recently`). Outside a team only the delay
    lifts a lock. 404 `unlock_not_found` without a pending request.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApproveUnlockResponse200 | Error]
    """

    kwargs = _get_kwargs(
        domain_name=domain_name,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    domain_name: str,
    *,
    client: AuthenticatedClient,
) -> ApproveUnlockResponse200 | Error | None:
    """Approve the pending unlock of a name (a second person)

     Approves the pending request to lift the lock; the lock lifts at once. The approver must be a second
    human (docs/teams.md "The second person"): a person (bearer or dashboard, never a key) who manages
    the name, who is neither the one who asked nor the person who claimed the agent that asked (403
    `forbidden`, `details.rule` `same_person`; an asker with no known person: `asker_unknown`, only the
    delay lifts it), and who, acting for a team, has been its member since before the lock was set and
    for at least the delay before the request (`joined_too_recently`). Outside a team only the delay
    lifts a lock. 404 `unlock_not_found` without a pending request.

    Args:
        domain_name (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApproveUnlockResponse200 | Error
    """

    return (
        await asyncio_detailed(
            domain_name=domain_name,
            client=client,
        )
    ).parsed
