from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.revoke_agent_key_response_200_key_key_class import RevokeAgentKeyResponse200KeyKeyClass

T = TypeVar("T", bound="RevokeAgentKeyResponse200Key")


@_attrs_define
class RevokeAgentKeyResponse200Key:
    """
    Attributes:
        key_id (str):
        key_class (RevokeAgentKeyResponse200KeyKeyClass):
        prefix (str):
        name (None | str):
        created_at (str):
        last_used_at (None | str):
        revoked_at (None | str):
    """

    key_id: str
    key_class: RevokeAgentKeyResponse200KeyKeyClass
    prefix: str
    name: None | str
    created_at: str
    last_used_at: None | str
    revoked_at: None | str

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        key_class = self.key_class.value

        prefix = self.prefix

        name: None | str
        name = self.name

        created_at = self.created_at

        last_used_at: None | str
        last_used_at = self.last_used_at

        revoked_at: None | str
        revoked_at = self.revoked_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key_id": key_id,
                "key_class": key_class,
                "prefix": prefix,
                "name": name,
                "created_at": created_at,
                "last_used_at": last_used_at,
                "revoked_at": revoked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        key_id = d.pop("key_id")

        key_class = RevokeAgentKeyResponse200KeyKeyClass(d.pop("key_class"))

        prefix = d.pop("prefix")

        def _parse_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        name = _parse_name(d.pop("name"))

        created_at = d.pop("created_at")

        def _parse_last_used_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_used_at = _parse_last_used_at(d.pop("last_used_at"))

        def _parse_revoked_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        revoked_at = _parse_revoked_at(d.pop("revoked_at"))

        revoke_agent_key_response_200_key = cls(
            key_id=key_id,
            key_class=key_class,
            prefix=prefix,
            name=name,
            created_at=created_at,
            last_used_at=last_used_at,
            revoked_at=revoked_at,
        )

        return revoke_agent_key_response_200_key
