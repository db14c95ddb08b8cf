from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="GetAgentManifestResponse200Identity")


@_attrs_define
class GetAgentManifestResponse200Identity:
    """
    Attributes:
        operator_linked (bool): A signed-in operator claimed this agent; not a human-verification result
        squad_id (None | str):
        capabilities (list[str]):
    """

    operator_linked: bool
    squad_id: None | str
    capabilities: list[str]

    def to_dict(self) -> dict[str, Any]:
        operator_linked = self.operator_linked

        squad_id: None | str
        squad_id = self.squad_id

        capabilities = self.capabilities

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "operator_linked": operator_linked,
                "squad_id": squad_id,
                "capabilities": capabilities,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        operator_linked = d.pop("operator_linked")

        def _parse_squad_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        squad_id = _parse_squad_id(d.pop("squad_id"))

        capabilities = cast(list[str], d.pop("capabilities"))

        get_agent_manifest_response_200_identity = cls(
            operator_linked=operator_linked,
            squad_id=squad_id,
            capabilities=capabilities,
        )

        return get_agent_manifest_response_200_identity
