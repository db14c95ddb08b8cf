from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.move_team_gems_body import MoveTeamGemsBody
from ...models.move_team_gems_response_200 import MoveTeamGemsResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    team_id: UUID,
    *,
    body: MoveTeamGemsBody,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["idempotency-key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/teams/{team_id}/gems".format(
            team_id=quote(str(team_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | MoveTeamGemsResponse200 | None:
    if response.status_code == 200:
        response_200 = MoveTeamGemsResponse200.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | MoveTeamGemsResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    team_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoveTeamGemsBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | MoveTeamGemsResponse200]:
    """Move gems between you and the team

     Moves gems between you and the team, either way (`direction` `to_team` or `from_team`): one ledger
    transaction and one audit event. A team starts with none, and moving in moves no money: this is how
    a team gets gems for its renewals. Refused with nothing moved when the source holds too few (402
    `insufficient_gems` with `details.balance` and `required`). Owner, admin or billing. Honours
    `Idempotency-Key`.

    Args:
        team_id (UUID):
        idempotency_key (str | Unset):
        body (MoveTeamGemsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MoveTeamGemsResponse200]
    """

    kwargs = _get_kwargs(
        team_id=team_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    team_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoveTeamGemsBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | MoveTeamGemsResponse200 | None:
    """Move gems between you and the team

     Moves gems between you and the team, either way (`direction` `to_team` or `from_team`): one ledger
    transaction and one audit event. A team starts with none, and moving in moves no money: this is how
    a team gets gems for its renewals. Refused with nothing moved when the source holds too few (402
    `insufficient_gems` with `details.balance` and `required`). Owner, admin or billing. Honours
    `Idempotency-Key`.

    Args:
        team_id (UUID):
        idempotency_key (str | Unset):
        body (MoveTeamGemsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MoveTeamGemsResponse200
    """

    return sync_detailed(
        team_id=team_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    team_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoveTeamGemsBody,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | MoveTeamGemsResponse200]:
    """Move gems between you and the team

     Moves gems between you and the team, either way (`direction` `to_team` or `from_team`): one ledger
    transaction and one audit event. A team starts with none, and moving in moves no money: this is how
    a team gets gems for its renewals. Refused with nothing moved when the source holds too few (402
    `insufficient_gems` with `details.balance` and `required`). Owner, admin or billing. Honours
    `Idempotency-Key`.

    Args:
        team_id (UUID):
        idempotency_key (str | Unset):
        body (MoveTeamGemsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MoveTeamGemsResponse200]
    """

    kwargs = _get_kwargs(
        team_id=team_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    team_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoveTeamGemsBody,
    idempotency_key: str | Unset = UNSET,
) -> Error | MoveTeamGemsResponse200 | None:
    """Move gems between you and the team

     Moves gems between you and the team, either way (`direction` `to_team` or `from_team`): one ledger
    transaction and one audit event. A team starts with none, and moving in moves no money: this is how
    a team gets gems for its renewals. Refused with nothing moved when the source holds too few (402
    `insufficient_gems` with `details.balance` and `required`). Owner, admin or billing. Honours
    `Idempotency-Key`.

    Args:
        team_id (UUID):
        idempotency_key (str | Unset):
        body (MoveTeamGemsBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MoveTeamGemsResponse200
    """

    return (
        await asyncio_detailed(
            team_id=team_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
