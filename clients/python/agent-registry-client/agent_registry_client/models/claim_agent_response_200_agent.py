from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.claim_agent_response_200_agent_assurance_type_0 import ClaimAgentResponse200AgentAssuranceType0
from ..models.claim_agent_response_200_agent_kind import ClaimAgentResponse200AgentKind

T = TypeVar("T", bound="ClaimAgentResponse200Agent")


@_attrs_define
class ClaimAgentResponse200Agent:
    """
    Attributes:
        account_id (str):
        kind (ClaimAgentResponse200AgentKind):
        assurance (ClaimAgentResponse200AgentAssuranceType0 | None):
        operator_linked (bool):
        created_at (str):
    """

    account_id: str
    kind: ClaimAgentResponse200AgentKind
    assurance: ClaimAgentResponse200AgentAssuranceType0 | None
    operator_linked: bool
    created_at: str

    def to_dict(self) -> dict[str, Any]:
        account_id = self.account_id

        kind = self.kind.value

        assurance: None | str
        if isinstance(self.assurance, ClaimAgentResponse200AgentAssuranceType0):
            assurance = self.assurance.value
        else:
            assurance = self.assurance

        operator_linked = self.operator_linked

        created_at = self.created_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "account_id": account_id,
                "kind": kind,
                "assurance": assurance,
                "operator_linked": operator_linked,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        account_id = d.pop("account_id")

        kind = ClaimAgentResponse200AgentKind(d.pop("kind"))

        def _parse_assurance(data: object) -> ClaimAgentResponse200AgentAssuranceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                assurance_type_0 = ClaimAgentResponse200AgentAssuranceType0(data)

                return assurance_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ClaimAgentResponse200AgentAssuranceType0 | None, data)

        assurance = _parse_assurance(d.pop("assurance"))

        operator_linked = d.pop("operator_linked")

        created_at = d.pop("created_at")

        claim_agent_response_200_agent = cls(
            account_id=account_id,
            kind=kind,
            assurance=assurance,
            operator_linked=operator_linked,
            created_at=created_at,
        )

        return claim_agent_response_200_agent
